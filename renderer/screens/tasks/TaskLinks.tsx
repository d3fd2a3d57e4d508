// What a task points at (order, prescription, patient), each a button that opens it, named as people know it.

import type { Task } from '../../../contract/service/tasks.ts';
import { serviceName } from '../../../rules/words/person-name.ts';
import { useOrder } from '../../queries/orders.ts';
import { usePatient } from '../../queries/patients.ts';
import { navigate } from '../../state/navigation-store.ts';
import { shortId } from './people.ts';
import { ShortcutButton } from './ShortcutHint.tsx';
import { taskShortcuts } from './task-shortcuts.ts';
import { taskWords } from './wording.ts';

export function openOrder(task: Task | undefined): void {
  if (task?.order_id) navigate({ screen: 'order', orderId: task.order_id });
}

export function openPrescription(task: Task | undefined): void {
  if (!task?.prescription_id) return;
  navigate({
    screen: 'prescription',
    prescriptionId: task.prescription_id,
    ...(task.order_id ? { orderId: task.order_id } : {}),
  });
}

export function openPatient(task: Task | undefined): void {
  if (task?.patient_id) navigate({ screen: 'patients', patientId: task.patient_id });
}

function OrderLink({ task, orderId }: { task: Task; orderId: string }) {
  const order = useOrder(orderId);
  const number = order.data?.order_number ?? shortId(orderId);
  return (
    <ShortcutButton shortcut={taskShortcuts.openOrder} onClick={() => openOrder(task)}>
      {taskWords.detail.order(number)}
    </ShortcutButton>
  );
}

function PatientLink({ task, patientId }: { task: Task; patientId: string }) {
  const patient = usePatient(patientId);
  const name = serviceName(patient.data);
  return (
    <ShortcutButton shortcut={taskShortcuts.openPatient} onClick={() => openPatient(task)}>
      {taskWords.detail.patient(name || shortId(patientId))}
    </ShortcutButton>
  );
}

export function TaskLinks({ task }: { task: Task }) {
  if (!task.order_id && !task.prescription_id && !task.patient_id) return null;
  return (
    <div className="task-links">
      <h3>{taskWords.detail.linkedTo}</h3>
      <div className="row task-link-buttons">
        {task.order_id ? <OrderLink task={task} orderId={task.order_id} /> : null}
        {task.prescription_id ? (
          <ShortcutButton shortcut={taskShortcuts.openPrescription} onClick={() => openPrescription(task)}>
            {taskWords.detail.prescription(shortId(task.prescription_id))}
          </ShortcutButton>
        ) : null}
        {task.patient_id ? <PatientLink task={task} patientId={task.patient_id} /> : null}
      </div>
    </div>
  );
}
