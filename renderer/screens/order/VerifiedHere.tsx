// "Verified at this station by … at …": the latest verification this station's audit log holds for the order.
import { formatMoment } from '../../format/record-values.ts';
import { useAuditHistory } from '../../queries/audit.ts';
import { orderWords } from './wording.ts';

export function VerifiedHere({ orderId }: { orderId: string }) {
  const history = useAuditHistory(orderId);
  const latest = (history.data ?? []).find((entry) => entry.outcome === 'verified');
  if (!latest) return null;
  const signed = latest.signOffs
    .filter((signOff) => signOff.purpose === 'controlled_count')
    .map((signOff) => signOff.by.name ?? signOff.by.email);
  const pharmacist = signed.length > 0 ? orderWords.controlledCountBy([...new Set(signed)].join(', ')) : '';
  return (
    <p className="notice order-verified-here" role="status">
      <span aria-hidden="true">✓ </span>
      {orderWords.verifiedHere(latest.user.name ?? latest.user.email)} {formatMoment(latest.recordedAt)}
      {pharmacist}.
    </p>
  );
}
