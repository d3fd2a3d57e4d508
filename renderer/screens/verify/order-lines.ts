// The order's lines as the rules' room reads them, with the training vocabulary of DEA schedules for the badges: shown
// before counting (the gate) and while the run main answers is painted.

import type { OrderProducts } from '../../../contract/service/products.ts';
import schedules from '../../../resources/vocabulary/controlled-schedules.json' with { type: 'json' };
import { linesOfOrder } from '../../../rules/verification/lines.ts';

export const orderLines = (products: OrderProducts | null | undefined) => linesOfOrder(products, schedules);
