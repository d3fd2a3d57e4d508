// The open screen, chosen by the navigation route.

import { useNavigation } from '../state/navigation.ts';
import { EventFeed } from '../stations/feed/EventFeed.tsx';
import { OrderView } from '../stations/order/OrderView.tsx';
import { PatientsStation } from '../stations/patients/PatientsStation.tsx';
import { PrescribersStation } from '../stations/prescribers/PrescribersStation.tsx';
import { PrescriptionReview } from '../stations/prescription/PrescriptionReview.tsx';
import { ScanStation } from '../stations/scan/ScanStation.tsx';
import { TasksStation } from '../stations/tasks/TasksStation.tsx';
import { VerifyStation } from '../stations/verify/VerifyStation.tsx';

export function Screen() {
  const route = useNavigation((state) => state.route);
  switch (route.screen) {
    case 'scan':
      return <ScanStation />;
    case 'order':
      return <OrderView key={route.orderId} orderId={route.orderId} />;
    case 'verify':
      return <VerifyStation key={route.orderId} orderId={route.orderId} />;
    case 'prescription':
      return (
        <PrescriptionReview
          key={route.prescriptionId}
          prescriptionId={route.prescriptionId}
          {...(route.orderId ? { orderId: route.orderId } : {})}
        />
      );
    case 'tasks':
      return <TasksStation {...(route.taskId ? { taskId: route.taskId } : {})} />;
    case 'feed':
      return <EventFeed />;
    case 'patients':
      return <PatientsStation {...(route.patientId ? { patientId: route.patientId } : {})} />;
    case 'prescribers':
      return <PrescribersStation {...(route.prescriberId ? { prescriberId: route.prescriberId } : {})} />;
  }
}
