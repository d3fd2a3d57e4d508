// The training service uses the main process's one SQLite wrapper.
export * from '../../kits/sqlite/db.ts';
