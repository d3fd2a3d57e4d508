// The training service uses the main process's one SQLite wrapper.
export * from '../../kit/sqlite/db.ts';
