// The settings schema lives in the IPC contract (the renderer edits settings through it); main re-exports it.
export * from '../../../contract/ipc/settings.ts';
