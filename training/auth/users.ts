// The training service's users: the three demo accounts (one per role) and reading users as the contract shows them.
import { randomUUID } from 'node:crypto';
import type { TrainingDemoAccounts } from '../../contract/training-announcement.ts';
import type { Db } from '../database/db.ts';
import { hashPassword } from './passwords.ts';
import type { Role } from './permissions.ts';

/** The fixed training password: synthetic accounts on a local practice service, shown on the training sign-in screen. */
export const TRAINING_PASSWORD = 'Training-2026!';

export const demoUsers: { email: string; first_name: string; last_name: string; role: Role }[] = [
  { email: 'admin@training.local', first_name: 'Alex', last_name: 'Admin', role: 'admin' },
  { email: 'pharmacist@training.local', first_name: 'Parker', last_name: 'Pharmacist', role: 'pharmacist' },
  { email: 'technician@training.local', first_name: 'Taylor', last_name: 'Technician', role: 'technician' },
];

/** What the service announces to whoever started it (the station lists them on its training sign-in screen). */
export function demoAccounts(): TrainingDemoAccounts {
  return { accounts: demoUsers.map(({ email, role }) => ({ email, role })), password: TRAINING_PASSWORD };
}

export interface UserRow {
  id: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  is_active: number;
  created_at: string;
  updated_at: string;
}

export async function ensureDemoUsers(db: Db, now: Date): Promise<void> {
  for (const user of demoUsers) {
    if (db.get('SELECT id FROM users WHERE email = ?', user.email)) continue;
    const hash = await hashPassword(TRAINING_PASSWORD);
    const at = now.toISOString();
    db.run(
      'INSERT OR IGNORE INTO users (id, email, password_hash, first_name, last_name, role, is_active, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, 1, ?, ?)',
      randomUUID(),
      user.email,
      hash,
      user.first_name,
      user.last_name,
      user.role,
      at,
      at,
    );
  }
}

export function userById(db: Db, id: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM users WHERE id = ?', id);
}

export function userByEmail(db: Db, email: string): UserRow | undefined {
  return db.get<UserRow>('SELECT * FROM users WHERE email = ?', email);
}

/** A user as the contract's `user` shows it: never the password hash. */
export function userView(row: UserRow) {
  return {
    id: row.id,
    created_at: row.created_at,
    updated_at: row.updated_at,
    email: row.email,
    first_name: row.first_name,
    last_name: row.last_name,
    is_active: row.is_active === 1,
    role: row.role,
  };
}

/** The short form tasks show for an assignee or watcher. */
export function userSummary(row: Pick<UserRow, 'id' | 'first_name' | 'last_name' | 'role'>) {
  return { id: row.id, first_name: row.first_name, last_name: row.last_name, role: row.role };
}
