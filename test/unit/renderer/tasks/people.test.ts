// Who a task can name, and how people, dates and statuses read on the tasks screen.
import { describe, expect, it } from 'vitest';
import { knownPeople, personName, pickerLabel, shortId } from '../../../../renderer/screens/tasks/people.ts';
import {
  ariaShortcut,
  codeName,
  isFinalStatus,
  openStatusCodes,
  taskTime,
} from '../../../../renderer/screens/tasks/task-format.ts';
import { me, parker, statuses, task } from './fixtures.ts';

describe('people on tasks', () => {
  it('the person signed in comes first, then everyone the tasks mention once each, by name', () => {
    const parkerOnTask = { id: parker.id, first_name: 'Parker', last_name: 'Pharmacist', role: 'pharmacist' };
    const alex = { id: '33333333-3333-4333-8333-333333333333', first_name: 'Alex', last_name: 'Admin', role: 'admin' };
    const lists = [[task({ assignee: parkerOnTask, watchers: [alex, parkerOnTask] })], [task({ watchers: [alex] })]];
    expect(knownPeople(me, lists).map((person) => person.name)).toEqual([me.name, 'Alex Admin', 'Parker Pharmacist']);
  });

  it('the signed-in person is not listed twice when a task names them', () => {
    expect(knownPeople(me, [[task()]]).filter((person) => person.id === me.id)).toHaveLength(1);
  });

  it('pickers mark the person signed in with (me), and no one else', () => {
    expect(pickerLabel(me)).toBe('Taylor Technician (me)');
    expect(pickerLabel(parker)).toBe('Parker Pharmacist');
  });

  it('a person without a name is shown by the start of their id', () => {
    expect(personName({ id: parker.id, first_name: null, last_name: null })).toBe('Person 22222222');
    expect(shortId('abc')).toBe('abc');
  });
});

describe('statuses and dates', () => {
  it('the open statuses are those the service does not mark final, in its order', () => {
    expect(openStatusCodes(statuses)).toEqual(['NEW', 'IN_PROGRESS']);
  });

  it('a status the table does not know counts as open, so no task drops out of the queue by mistake', () => {
    expect(isFinalStatus('ON_HOLD', statuses)).toBe(false);
    expect(isFinalStatus('DONE', statuses)).toBe(true);
    expect(isFinalStatus('DONE', undefined)).toBe(false);
  });

  it('a code reads as its served name, or as itself when the table does not have it', () => {
    expect(codeName('IN_PROGRESS', statuses)).toBe('In Progress');
    expect(codeName('ON_HOLD', statuses)).toBe('ON_HOLD');
    expect(codeName(null, statuses)).toBe('');
  });

  it('dates read as dates for people, never as raw timestamps', () => {
    expect(taskTime('2026-03-01T10:00:00Z')).not.toContain('T10');
    expect(taskTime('2026-03-01T10:00:00Z')).toMatch(/2026/);
    expect(taskTime('yesterday-ish')).toBe('an unreadable date');
    expect(taskTime(null)).toBe('not recorded');
  });

  it('Ctrl is spelled Control for screen readers', () => {
    expect(ariaShortcut('Ctrl+Enter')).toBe('Control+Enter');
    expect(ariaShortcut('Alt+N')).toBe('Alt+N');
  });
});
