// The open screen, chosen by the navigation route. The report (with its charting library) loads only when opened.
import { lazy, Suspense } from 'react';

import { useNavigation } from '../state/navigation.ts';
import { EventFeed } from '../stations/feed/EventFeed.tsx';
import { IntakeStation } from '../stations/intake/IntakeStation.tsx';
import { InventoryStation } from '../stations/inventory/InventoryStation.tsx';
import { OrderView } from '../stations/order/OrderView.tsx';
import { PatientsStation } from '../stations/patients/PatientsStation.tsx';
import { PrescribersStation } from '../stations/prescribers/PrescribersStation.tsx';
import { PrescriptionReview } from '../stations/prescription/PrescriptionReview.tsx';
import { ScanStation } from '../stations/scan/ScanStation.tsx';
import { SearchStation } from '../stations/search/SearchStation.tsx';
import { NotificationSettings } from '../stations/settings/NotificationSettings.tsx';
import { TasksStation } from '../stations/tasks/TasksStation.tsx';
import { TrainingControls } from '../stations/training/TrainingControls.tsx';
import { VerifyStation } from '../stations/verify/VerifyStation.tsx';

const ReportStation = lazy(() =>
  import('../stations/report/ReportStation.tsx').then((module) => ({ default: module.ReportStation })),
);

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
    case 'inventory':
      return <InventoryStation {...(route.lotId ? { lotId: route.lotId } : {})} />;
    case 'search':
      return <SearchStation {...(route.query ? { query: route.query } : {})} />;
    case 'report':
      return (
        <Suspense fallback={<p className="muted screen">Loading the report…</p>}>
          <ReportStation />
        </Suspense>
      );
    case 'intake':
      return <IntakeStation />;
    case 'notifications':
      return <NotificationSettings />;
    case 'training':
      return <TrainingControls />;
  }
}
