// The role table the training service enforces is the one its README writes down.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { restrictedOperations, rolesFor } from '../../../training/auth/permissions.ts';

const readme = readFileSync(resolve(import.meta.dirname, '../../../training/README.md'), 'utf8');

describe('the role table', () => {
  it('names every restricted operation with its roles in the README', () => {
    for (const [name, roles] of Object.entries(restrictedOperations)) {
      expect(readme).toContain(`| \`${name}\` | ${roles.join(', ')} |`);
    }
  });

  it('opens everything else to all three roles', () => {
    expect(rolesFor('orders.get')).toEqual(['admin', 'pharmacist', 'technician']);
    expect(rolesFor('tasks.create')).toEqual(['admin', 'pharmacist', 'technician']);
  });
});
