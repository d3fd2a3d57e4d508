// The training service uses the main process's one SQLite wrapper.
export * from '../../sqlite/db.ts';
