// The local audit log's verifications of one order (audit:list), read by the verify screen and the order view.
import { useQuery } from '@tanstack/react-query';
import { station, unwrap } from './station.ts';

export const auditKey = (orderId: string) => ['audit', 'list', orderId] as const;

export function useAuditHistory(orderId: string) {
  return useQuery({
    queryKey: auditKey(orderId),
    queryFn: () => unwrap(station().audit.list({ orderId, limit: 5 })),
  });
}
