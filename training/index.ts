// The training service's one entry for code outside its room that runs it in-process: the station's tests and
// benches (the station itself starts `cli.ts` as a process and never imports it). What a test may reach is listed
// here; the rest of training is the service's own (test/unit/boundaries/training-room.test.ts).
export { TRAINING_PASSWORD } from './auth/users.ts';
export { type DemoOptions, type DemoSummary, seedDemoData } from './demo/generator.ts';
export { allergies as demoAllergies, medications as demoMedications } from './demo/vocabulary.ts';
export { transitionOrder } from './domains/orders/index.ts';
export { parseSearch } from './domains/search/query.ts';
export { createTrainingService, type TrainingService, type TrainingServiceOptions } from './training-service.ts';
