// The print room's surface for the rest of main: the system's printers and a test page (the station's own channels
// answer printers:list and printers:testPage with them).
export { listPrinters, printTestPage } from './printers.ts';
