// The tasks domain's tables: the category and status code tables, tasks and their watchers. Part of migration 1.
import type { SchemaPart } from '../../database/migrations.ts';
export const tasksTables: SchemaPart = {
  version: 1,
  name: 'tasks',
  sql: `
CREATE TABLE task_categories (code TEXT PRIMARY KEY, name TEXT NOT NULL);
CREATE TABLE task_statuses (code TEXT PRIMARY KEY, name TEXT NOT NULL, is_final INTEGER NOT NULL DEFAULT 0);
CREATE TABLE tasks (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  description TEXT,
  category_code TEXT NOT NULL REFERENCES task_categories (code),
  status_code TEXT NOT NULL REFERENCES task_statuses (code),
  assignee_id TEXT REFERENCES users (id),
  created_by_id TEXT REFERENCES users (id),
  order_id TEXT REFERENCES orders (id),
  patient_id TEXT REFERENCES patients (id),
  prescription_id TEXT REFERENCES prescriptions (id),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  completed_at TEXT
);
CREATE INDEX tasks_status ON tasks (status_code, created_at);
CREATE INDEX tasks_assignee ON tasks (assignee_id, status_code);
CREATE TABLE task_watchers (
  task_id TEXT NOT NULL REFERENCES tasks (id),
  user_id TEXT NOT NULL REFERENCES users (id),
  PRIMARY KEY (task_id, user_id)
);
`,
};
