// The orders report read through the station, and "now" as the service counts it (the training clock may run ahead).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrdersReport, OrdersReportQuery, ReportIncludeField } from '../../contract/service/reports.ts';
import { useAppInfo } from './session.ts';
import { station, unwrap } from './station.ts';

/** What a person asked for: both dates optional (an open range), at least one part of the report. */
export interface ReportRequest {
  start_date?: string;
  end_date?: string;
  include: ReportIncludeField[];
}

/** The service's answer together with the request it answers (a kept answer may belong to an earlier request). */
export interface ReportAnswer {
  request: ReportRequest;
  report: OrdersReport;
  /** ms since epoch, on the station's clock. */
  receivedAt: number;
}

export const reportKeys = {
  all: ['reports'] as const,
  /** `run`: each run asks the service again, even for the same range (the numbers move as orders come in). */
  orders: (request: ReportRequest, run: number) =>
    [
      'reports',
      'orders',
      request.start_date ?? '',
      request.end_date ?? '',
      [...request.include].sort().join(','),
      run,
    ] as const,
  serviceNow: ['reports', 'serviceNow'] as const,
};

/** The query string the service takes: `include` as its comma list. */
export function reportQueryOf(request: ReportRequest): OrdersReportQuery {
  return {
    ...(request.start_date ? { start_date: request.start_date } : {}),
    ...(request.end_date ? { end_date: request.end_date } : {}),
    include: request.include.join(','),
  };
}

export async function fetchOrdersReport(request: ReportRequest): Promise<ReportAnswer> {
  const report = await unwrap(station().reports.orders({ query: reportQueryOf(request) }));
  return { request, report, receivedAt: Date.now() };
}

/**
 * The report for `request` as of run `run` (nothing until the first run). The previous answer stays on screen while
 * the next one is read, and when it cannot be read (offline): the answer says which request it belongs to.
 */
export function useOrdersReport(request: ReportRequest | null, run: number) {
  return useQuery({
    queryKey: request ? reportKeys.orders(request, run) : [...reportKeys.all, 'none'],
    queryFn: () => fetchOrdersReport(request as ReportRequest),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The instant the presets count from. Against the training service that is its simulated clock (a fast simulation
 * runs days ahead of the wall clock, and the demo orders with it); otherwise the station's own clock. When the
 * training clock cannot be read, the station's clock is the answer.
 */
export function useServiceNow(): { now: Date; simulated: boolean } {
  const training = useAppInfo().data?.training ?? false;
  const simulation = useQuery({
    queryKey: reportKeys.serviceNow,
    queryFn: async () => {
      const state = await unwrap(station().training.simulationState());
      return { simulatedNow: Date.parse(state.simulated_now), readAt: Date.now() };
    },
    enabled: training,
    staleTime: 60_000,
  });
  const read = simulation.data;
  if (!training || !read || Number.isNaN(read.simulatedNow)) return { now: new Date(), simulated: false };
  // The lead over the wall clock, as last read, applied to the wall clock now (paused, it keeps the wall's pace).
  return { now: new Date(Date.now() + (read.simulatedNow - read.readAt)), simulated: true };
}
