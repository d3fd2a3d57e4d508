// Everything a person can do from the order view, once: the action bar shows these and the command table runs them.
import type { Order } from '../../../contract/service/orders.ts';
import type { Task } from '../../../contract/service/tasks.ts';
import { type Command, useCommands } from '../../commands/command-store.ts';
import { navigate } from '../../state/navigation-store.ts';
import { OPEN_PRESCRIPTION_SHORTCUT } from './PrescriptionsPanel.tsx';
import { RELATED_ORDER_SHORTCUT } from './RelatedOrderButton.tsx';
import { draftKey, useRequestDraftsStore } from './request-drafts-store.ts';
import { cancellationOf, replacementOf } from './requests.ts';
import { shipmentsOf, TRACK_SHORTCUT } from './ShippingPanel.tsx';
import { trackingUrlOf } from './shipping.ts';
import { LINKED_TASK_SHORTCUT } from './TasksPanel.tsx';

export interface OrderAction extends Command {
  shortcut: string;
  /** The button's words (the command's title is a sentence for the palette). */
  label: string;
  /** Shown in the action bar; the others are buttons in their own panel (prescriptions, tasks, shipping...). */
  inBar: boolean;
  primary?: boolean;
}

interface Inputs {
  order: Order;
  userId: string;
  linkedTasks: readonly Task[];
  onTrack(url: string): void;
}

export function orderActions({ order, userId, linkedTasks, onTrack }: Inputs): OrderAction[] {
  const replacement = replacementOf(order);
  const prescriptionId = order.electronic_prescription_ids?.[0];
  const firstTask = linkedTasks[0];
  const related = replacement.originalOrderId ?? replacement.replacementOrderIds[0];
  const trackingUrl = shipmentsOf(order)
    .map(trackingUrlOf)
    .find((url) => url !== null);
  const openForm = (kind: 'replacement' | 'cancellation') => () => {
    const drafts = useRequestDraftsStore.getState();
    drafts.update(draftKey(userId, order.id, 'replacement'), { open: kind === 'replacement' });
    drafts.update(draftKey(userId, order.id, 'cancellation'), { open: kind === 'cancellation' });
  };
  return [
    {
      id: 'order.verify',
      title: 'Verify this order',
      label: 'Verify',
      group: 'Order',
      shortcut: 'Alt+V',
      keywords: 'scan products count check',
      inBar: true,
      primary: true,
      run: () => navigate({ screen: 'verify', orderId: order.id }),
    },
    {
      id: 'order.requestReplacement',
      title: 'Request a replacement of this order',
      label: 'Request replacement',
      group: 'Order',
      shortcut: 'Alt+R',
      keywords: 'lost damaged reship',
      inBar: true,
      enabled: replacement.canRequest,
      run: openForm('replacement'),
    },
    {
      id: 'order.requestCancellation',
      title: 'Request cancellation of this order',
      label: 'Request cancellation',
      group: 'Order',
      shortcut: 'Alt+X',
      keywords: 'cancel stop',
      inBar: true,
      enabled: cancellationOf(order).canRequest,
      run: openForm('cancellation'),
    },
    {
      id: 'order.openPrescription',
      title: "Open this order's prescription",
      label: 'Prescription',
      group: 'Order',
      shortcut: OPEN_PRESCRIPTION_SHORTCUT,
      keywords: 'review checks rx',
      inBar: false,
      enabled: prescriptionId !== undefined,
      run: () => prescriptionId && navigate({ screen: 'prescription', prescriptionId, orderId: order.id }),
    },
    {
      id: 'order.linkedTask',
      title: 'Open the task linked to this order',
      label: 'Linked task',
      group: 'Order',
      shortcut: LINKED_TASK_SHORTCUT,
      inBar: false,
      enabled: firstTask !== undefined,
      run: () => firstTask && navigate({ screen: 'tasks', taskId: firstTask.id }),
    },
    {
      id: 'order.related',
      title: replacement.originalOrderId ? 'Open the original order' : 'Open the replacement order',
      label: replacement.originalOrderId ? 'Original order' : 'Replacement order',
      group: 'Order',
      shortcut: RELATED_ORDER_SHORTCUT,
      inBar: false,
      enabled: related !== undefined,
      run: () => related && navigate({ screen: 'order', orderId: related }),
    },
    {
      id: 'order.track',
      title: "Open the shipment's tracking page",
      label: 'Track',
      group: 'Order',
      shortcut: TRACK_SHORTCUT,
      keywords: 'carrier usps ups shipment',
      inBar: false,
      enabled: trackingUrl !== undefined,
      run: () => trackingUrl && onTrack(trackingUrl),
    },
  ];
}

/** Registers the actions, plus one palette line per linked task (each task is an action too). */
export function useOrderCommands(actions: OrderAction[], linkedTasks: readonly Task[]): void {
  const taskCommands: Command[] = linkedTasks.slice(0, 20).map((task) => ({
    id: `order.task.${task.id}`,
    title: `Open task: ${task.name ?? task.id}`,
    group: 'Order',
    run: () => navigate({ screen: 'tasks', taskId: task.id }),
  }));
  useCommands([
    ...actions.map(({ label: _label, inBar: _inBar, primary: _primary, ...command }) => command),
    ...taskCommands,
  ]);
}
