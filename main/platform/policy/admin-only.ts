// Whether only an administrator can have written the policy (POSIX): the file and every folder above it owned by root
// and writable by neither group nor others. A root-owned folder with the sticky bit (/tmp) passes: there only a
// file's owner may rename or remove it. With POSIX ACLs the group bits are the ACL's mask, so no g+w also rules out a
// named ACL writer.
import { realpathSync, type Stats, statSync } from 'node:fs';
import { dirname } from 'node:path';

const GROUP_WRITE = 0o020;
const OTHERS_WRITE = 0o002;
const STICKY = 0o1000;

export interface AdminOnlyOptions {
  /** The owners trusted to write (root: 0). */
  owners?: readonly number[];
  stat?: (path: string) => Stats;
}

/** Why a non-administrator could have written `file` (empty when none could); the path followed through its links. */
export function nonAdminWriters(file: string, options: AdminOnlyOptions = {}): string[] {
  const owners = options.owners ?? [0];
  const stat = options.stat ?? statSync;
  const problems: string[] = [];
  let path = realpathSync(file);
  for (let first = true; ; first = false) {
    const stats = stat(path);
    if (first && !stats.isFile()) problems.push(`${path} is not a file`);
    if (!owners.includes(stats.uid)) problems.push(`${path} is owned by uid ${stats.uid}, not by root`);
    const sticky = stats.isDirectory() && (stats.mode & STICKY) !== 0 && owners.includes(stats.uid);
    if (!sticky && stats.mode & GROUP_WRITE) problems.push(`${path} is writable by its group`);
    if (!sticky && stats.mode & OTHERS_WRITE) problems.push(`${path} is writable by every user`);
    if (dirname(path) === path) return problems;
    path = dirname(path);
  }
}
