// What the last scan (or save) on the inventory screens did, shown until the next navigation.
import { useNavigationStore } from '../../state/navigation-store.ts';
import { useInventoryStore } from './inventory-store.ts';

export function LotNotice() {
  const notice = useInventoryStore((state) => state.notice);
  const sequence = useNavigationStore((state) => state.sequence);
  if (!notice || notice.sequence !== sequence) return null;
  return notice.tone === 'bad' ? (
    <p className="notice notice-bad lot-scan-notice" role="alert">
      {notice.text}
    </p>
  ) : (
    <p className="notice notice-good lot-scan-notice" role="status">
      {notice.text}
    </p>
  );
}
