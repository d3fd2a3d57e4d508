// The Settings screen's words in one place (the Notifications screen's are in wording.ts): its header, the service
// choice (also on the sign-in screen), the listener port, the events relay, and what a person who is not an admin is told.
export const stationSettingsWords = {
  title: 'Settings',
  intro:
    'This station: the pharmacy on its labels and where it prints, the service, the listener port, the events relay, the scanners, tech-check-tech and the idle lock.',
  notAdmin:
    'The pharmacy details, printing, the service, the listener port, the relay and the scanner marks are an admin’s to change.',
  // Not "idle lock": the palette's own command sets the minutes, and comes first for those words.
  palette:
    'settings print printing printer label pharmacy details address phone relay nats port listener scanner service tech-check-tech final check',
  service: 'Station service',
  policy: {
    title: 'Machine policy',
    readFrom: (file: string) => `Your pharmacy’s IT sets this station’s policy in ${file}.`,
    kiosk: 'Kiosk mode: the station fills the screen, with no menu and no developer tools.',
    ignored:
      'These policy fields are unknown to this version of the station and were ignored (a newer station may use them):',
  },
  choice: {
    title: 'Service',
    setByIt: (url: string) => `This station signs in to your pharmacy’s service at ${url}.`,
    using: (service: string) => `This station is using ${service} now.`,
    configured: 'its configured service',
    whoChooses:
      'Only an admin may choose your pharmacy’s service or change its address; anyone may go back to Training.',
    signInTo: 'Sign in to',
    training: 'Training',
    trainingNote: 'Practice data on this computer, with demo accounts.',
    custom: 'Your pharmacy’s service',
    customNote: 'The fulfillment service at its https:// address.',
    address: 'Service address',
    addressExample: 'https://service.example',
    save: 'Save service',
    saved: 'Saved.',
    applies: (next: string, running: string, signedIn: boolean) =>
      `The station will use ${next} from the next sign-in${
        signedIn ? '; sign out to switch' : ' (once the task writes waiting for the current service are sent)'
      }. Until then it keeps using ${running}.`,
    inUse: 'Saved: this is the service the station uses now.',
  },
  printing: {
    title: 'Pharmacy and printing',
    about:
      'What every prescription label says about the pharmacy, the states it may ship to (an order to any other is not verified), its stock, and where each document prints.',
    licensedStates: 'Licensed to ship to (state codes, e.g. IL, WI; empty: not checked)',
    stock: 'Label stock',
    pharmacyWide:
      "The pharmacy's name, address, phone, licensed states and label stock are the same at every station of this pharmacy; the printers are this station's.",
    notSaved: (why: string) => `Not saved: ${why}`,
    saved: 'Printing settings saved.',
    save: 'Save printing settings',
    testPage: 'Test page',
    testSent: (printer: string) => `Test page sent to the printer ${printer}. Check that it came out.`,
    testNotSent: (why: string | null) => `Not sent: ${why}`,
    askEachTime: 'Ask each time (system print dialog)',
    emptyAsks: 'Empty: ask each time',
  },
  marks: {
    title: 'Scanner marks',
    about:
      'If this site programs its scanners to send characters before or after each code, enter them here: a code with them counts as scanned, any other as typed. Leave both empty to tell scans by the speed of the keys.',
    save: 'Save marks',
  },
  idle: {
    title: 'Idle lock',
    minutes: 'Minutes',
    save: 'Save minutes',
  },
  port: {
    title: 'Listener port',
    about:
      'The port on 127.0.0.1 where this station receives the service’s notifications (1024 to 65535). Choose another when a program already uses it.',
    label: 'Port',
    save: 'Save port',
    problem: 'Choose a whole number from 1024 to 65535.',
    saved: (port: number) => `Saved: port ${port}. It applies when the station starts again.`,
  },
  relay: {
    title: 'Events relay',
    about:
      'A pharmacy of many stations receives order events through its relay (NATS). Leave the servers empty to listen and poll on this station alone.',
    servers: 'Servers (nats:// or tls://, comma-separated)',
    station: 'This station’s id (its relay user)',
    name: 'Name the other stations see',
    password: 'Password (kept in the keychain)',
    save: 'Save relay',
    savePassword: 'Keep password',
    saved: 'Saved: the relay applies when the station starts again.',
    passwordSaved: 'The password is kept in this computer’s keychain; it is never shown again.',
    enrolment: 'Enrolment code (IT enrols this station with it)',
    fingerprint: (fingerprint: string, name: string) =>
      `Fingerprint ${fingerprint}; IT enrols it under the name ${name}`,
    enrolled: 'Enrolled: the other stations believe what this station writes to the record.',
    notEnrolled:
      'Not enrolled yet: the other stations ignore what this station writes to the record until IT enrols this code.',
    ownRecord: 'This station keeps its own record: its key is its own enrolment.',
  },
  techCheck: {
    title: 'Tech-check-tech',
    about:
      'Tech-check-tech: a technician’s verification is the final check (only where the state board allows it). Where it is not allowed, each prescription label prints marked “AWAITING PHARMACIST FINAL CHECK” until a pharmacist’s final check: the pharmacist scans the bottle and the label (Final check), verifies the order, or checks the product and confirms the label at the print step.',
    nowAllowed: 'Allowed at this pharmacy: a technician’s verification is the final check.',
    nowNotAllowed: 'Not allowed at this pharmacy: a prescription label is final only after a pharmacist’s final check.',
    setByIt: 'IT sets it in the machine policy, as the state board allows: nothing at this station changes it.',
    allow: 'Allow tech-check-tech at every station of this pharmacy',
    adminsChange: 'An admin changes it, for every station of this pharmacy at once.',
    changed: (by: string, station: string, at: string) => `Last changed by ${by} at ${station}, ${at.slice(0, 10)}.`,
  },
} as const;
