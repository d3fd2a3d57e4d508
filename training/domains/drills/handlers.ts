// The drills domain of the training service: setting a drill up (admins: a trainer sets a drill up for a trainee).
import type { drillsOperations } from '../../../contract/service/drills.ts';
import type { Handlers } from '../../http/handler.ts';
import { setUpDrill } from './setup.ts';

export function drillsHandlers(): Handlers<{ drills: typeof drillsOperations }>['drills'] {
  return {
    setup({ db, body, now, user }) {
      return setUpDrill(db, body.drill_id, body.setup, { now, userId: user?.id ?? null });
    },
  };
}
