// Who a drill is set up for: the demo accounts main announced, the one holding the fewest of the rules' capabilities
// (the floor's technician) offered first; a trainer's own account only where asked (a trainer may try a drill, but
// keeps no competency record of their own).
import { capabilitiesOf, roleMay } from '../../../rules/capabilities.ts';

export interface DemoAccount {
  email: string;
  role: string;
}

export function traineesOf(accounts: readonly DemoAccount[], options: { trainers: boolean }): string[] {
  return accounts
    .filter((account) => options.trainers || !roleMay(account.role, 'run_drills'))
    .map((account, index) => ({ account, index, held: capabilitiesOf(account.role).length }))
    .sort((a, b) => a.held - b.held || a.index - b.index)
    .map(({ account }) => account.email);
}
