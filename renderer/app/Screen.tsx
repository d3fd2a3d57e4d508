// The open screen, chosen by the navigation route. The report (with its charting library) loads only when opened.
import { lazy, Suspense } from 'react';
import { DrillsScreen } from '../screens/drills/DrillsScreen.tsx';
import { EventFeed } from '../screens/feed/EventFeed.tsx';
import { FinalCheckScreen } from '../screens/final-check/FinalCheckScreen.tsx';
import { IntakeScreen } from '../screens/intake/IntakeScreen.tsx';
import { InventoryScreen } from '../screens/inventory/InventoryScreen.tsx';
import { OrderView } from '../screens/order/OrderView.tsx';
import { PatientsScreen } from '../screens/patients/PatientsScreen.tsx';
import { PrescribersScreen } from '../screens/prescribers/PrescribersScreen.tsx';
import { PrescriptionReview } from '../screens/prescription/PrescriptionReview.tsx';
import { ScanScreen } from '../screens/scan/ScanScreen.tsx';
import { SearchScreen } from '../screens/search/SearchScreen.tsx';
import { NotificationSettings } from '../screens/settings/NotificationSettings.tsx';
import { SettingsScreen } from '../screens/settings/SettingsScreen.tsx';
import { TasksScreen } from '../screens/tasks/TasksScreen.tsx';
import { TrainingControls } from '../screens/training/TrainingControls.tsx';
import { VerifyScreen } from '../screens/verify/VerifyScreen.tsx';
import { WorkQueueScreen } from '../screens/work-queue/WorkQueueScreen.tsx';
import { useNavigationStore } from '../state/navigation-store.ts';

const ReportScreen = lazy(() =>
  import('../screens/report/ReportScreen.tsx').then((module) => ({ default: module.ReportScreen })),
);

export function Screen() {
  const route = useNavigationStore((state) => state.route);
  switch (route.screen) {
    case 'scan':
      return <ScanScreen />;
    case 'workQueue':
      return <WorkQueueScreen />;
    case 'finalCheck':
      return <FinalCheckScreen />;
    case 'order':
      return <OrderView key={route.orderId} orderId={route.orderId} />;
    case 'verify':
      return <VerifyScreen key={route.orderId} orderId={route.orderId} />;
    case 'prescription':
      return (
        <PrescriptionReview
          key={route.prescriptionId}
          prescriptionId={route.prescriptionId}
          {...(route.orderId ? { orderId: route.orderId } : {})}
        />
      );
    case 'tasks':
      return <TasksScreen {...(route.taskId ? { taskId: route.taskId } : {})} />;
    case 'feed':
      return <EventFeed />;
    case 'patients':
      return <PatientsScreen {...(route.patientId ? { patientId: route.patientId } : {})} />;
    case 'prescribers':
      return <PrescribersScreen {...(route.prescriberId ? { prescriberId: route.prescriberId } : {})} />;
    case 'inventory':
      return <InventoryScreen {...(route.lotId ? { lotId: route.lotId } : {})} />;
    case 'search':
      return <SearchScreen {...(route.query ? { query: route.query } : {})} />;
    case 'report':
      return (
        <Suspense fallback={<p className="muted screen">Loading the report…</p>}>
          <ReportScreen />
        </Suspense>
      );
    case 'intake':
      return <IntakeScreen />;
    case 'notifications':
      return <NotificationSettings />;
    case 'settings':
      return <SettingsScreen />;
    case 'training':
      return <TrainingControls />;
    case 'drills':
      return <DrillsScreen />;
  }
}
