// The training controls' words in one place: titles, commands, buttons, notices and empty logs (field labels stay
// beside their fields; the clock, speeds, a step's summary and the typed numbers' checks are in simulation-words.ts).

export const trainingWords = {
  title: 'Training controls',
  group: 'Training',
  onlyTraining: 'These controls exist only with the training service as the backend.',
  intro: 'The practice service: its clock, its simulated pharmacy, and what it notified.',
  adminOnly:
    'Only an admin may run, pause, step or reset the simulation. The delivery log and the mailbox are open to all.',
  notRead: (why: string) => `The simulation could not be read: ${why}`,
  simulation: {
    title: 'Simulation',
    run: 'Run the simulation',
    pause: 'Pause the simulation',
    setSpeedCommand: 'Set the simulation speed',
    stepCommand: 'Step the simulation forward',
    readingClock: 'Reading the clock…',
    runButton: 'Run',
    pauseButton: 'Pause',
    speedForm: 'Speed',
    commonSpeeds: 'Common speeds',
    preset: (speed: number) => (speed === 1 ? 'Real time' : `${speed}×`),
    setSpeed: 'Set speed',
    stepForm: 'Step',
    stepButton: 'Step',
    stepping: 'Stepping…',
    explain: 'A step moves the clock at once and runs everything due on the way.',
    stepped: (duration: string | null) => `Stepped ${duration ?? 'forward'}.`,
    simulatedTime: 'Simulated time: ',
    running: 'Running',
    paused: 'Paused',
    speedNow: (running: boolean, speed: string) => (running ? `at ${speed}` : `speed when running: ${speed}`),
    steps: (steps: number) => ` · ${steps} ${steps === 1 ? 'step' : 'steps'} since the reset`,
  },
  reset: {
    command: 'Reset the demo data…',
    title: 'Demo data',
    seed: 'Seed',
    orders: 'Orders',
    explain:
      'Build the practice pharmacy again. The same seed builds the same patients, orders and numbers; dates follow the simulated clock.',
    button: 'Reset the demo data…',
    rebuilt: (seed: number, orders: number, patients?: number | null, prescribers?: number | null) =>
      `Rebuilt from seed ${seed}: ${orders} orders${typeof patients === 'number' ? `, ${patients} patients` : ''}${
        typeof prescribers === 'number' ? `, ${prescribers} prescribers` : ''
      }.`,
    notReset: (why: string) => `Not reset: ${why}`,
    ask: 'Wipe all practice work?',
    askText: (seed: number, orders: number) =>
      `Every order, patient, prescriber, prescription, task, lot, delivery and email made in practice is deleted, and the demo data is built again from seed ${seed} with ${orders} orders. Accounts, subscriptions and the signing key stay. This cannot be undone.`,
    wipe: 'Wipe and rebuild',
    resetting: 'Resetting…',
    keep: 'Keep my work',
  },
  readAgain: 'Read again',
  deliveries: {
    title: 'Webhook deliveries',
    command: 'Read the delivery log again',
    reading: 'Reading the delivery log…',
    empty: (filtered: boolean) =>
      `No deliveries${filtered ? ' like that' : ''} yet. Step the simulation, or send a sample.`,
    list: 'Webhook deliveries, newest first',
    filter: 'Show',
    every: 'Every delivery',
    sample: 'Sample',
    attempts: 'Attempts',
    nextTry: '· next try ',
  },
  mailbox: {
    title: 'Mailbox',
    to: 'To ',
    command: 'Read the mailbox again',
    reading: 'Reading the mailbox…',
    empty: 'No emails yet. Choose events under Notifications (Alt+9), Email notifications; then step the simulation.',
    list: 'Notification emails, newest first',
    message: 'Message',
    savedAs: (file: string) => `Saved as ${file}`,
  },
} as const;
