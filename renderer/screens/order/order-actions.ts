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
import { orderWords } from './wording.ts';

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
      title: orderWords.commands.verify,
      label: orderWords.commands.verifyLabel,
      group: orderWords.group,
      shortcut: 'Alt+V',
      keywords: 'scan products count check',
      inBar: true,
      primary: true,
      run: () => navigate({ screen: 'verify', orderId: order.id }),
    },
    {
      id: 'order.requestReplacement',
      title: orderWords.commands.replacement,
      label: orderWords.commands.replacementLabel,
      group: orderWords.group,
      shortcut: 'Alt+R',
      keywords: 'lost damaged reship',
      inBar: true,
      enabled: replacement.canRequest,
      run: openForm('replacement'),
    },
    {
      id: 'order.requestCancellation',
      title: orderWords.commands.cancellation,
      label: orderWords.commands.cancellationLabel,
      group: orderWords.group,
      shortcut: 'Alt+X',
      keywords: 'cancel stop',
      inBar: true,
      enabled: cancellationOf(order).canRequest,
      run: openForm('cancellation'),
    },
    {
      id: 'order.openPrescription',
      title: orderWords.commands.prescription,
      label: orderWords.commands.prescriptionLabel,
      group: orderWords.group,
      shortcut: OPEN_PRESCRIPTION_SHORTCUT,
      keywords: 'review checks rx',
      inBar: false,
      enabled: prescriptionId !== undefined,
      run: () => prescriptionId && navigate({ screen: 'prescription', prescriptionId, orderId: order.id }),
    },
    {
      id: 'order.linkedTask',
      title: orderWords.commands.linkedTask,
      label: orderWords.commands.linkedTaskLabel,
      group: orderWords.group,
      shortcut: LINKED_TASK_SHORTCUT,
      inBar: false,
      enabled: firstTask !== undefined,
      run: () => firstTask && navigate({ screen: 'tasks', taskId: firstTask.id }),
    },
    {
      id: 'order.related',
      title: replacement.originalOrderId ? orderWords.commands.original : orderWords.commands.replacementOrder,
      label: replacement.originalOrderId
        ? orderWords.commands.originalLabel
        : orderWords.commands.replacementOrderLabel,
      group: orderWords.group,
      shortcut: RELATED_ORDER_SHORTCUT,
      inBar: false,
      enabled: related !== undefined,
      run: () => related && navigate({ screen: 'order', orderId: related }),
    },
    {
      id: 'order.track',
      title: orderWords.commands.track,
      label: orderWords.commands.trackLabel,
      group: orderWords.group,
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
    title: orderWords.commands.task(task.name ?? task.id),
    group: orderWords.group,
    run: () => navigate({ screen: 'tasks', taskId: task.id }),
  }));
  useCommands([
    ...actions.map(({ label: _label, inBar: _inBar, primary: _primary, ...command }) => command),
    ...taskCommands,
  ]);
}
