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

/** A read of the training simulation's clock: its "now", and the station's clock when it was read (ms since epoch). */
export interface SimulationRead {
  simulatedNow: number;
  readAt: number;
}

/**
 * The report screen's one "now", the service's: against the training service its simulated clock (a fast simulation
 * runs days ahead of the wall clock, and its orders, reviews and fills with it), as the lead over the wall clock last
 * read applied to the wall clock now (paused, it keeps the wall's pace); otherwise, or while the training clock is not
 * read (or reads no time), the station's own clock `wallNow`.
 */
export function serviceNowOf(
  training: boolean,
  read: SimulationRead | undefined,
  wallNow: number,
): { now: Date; simulated: boolean } {
  if (!training || !read || !Number.isFinite(read.simulatedNow)) return { now: new Date(wallNow), simulated: false };
  return { now: new Date(wallNow + (read.simulatedNow - read.readAt)), simulated: true };
}

/** The instant every preset and first range of the report screen counts from (serviceNowOf, read in main). */
export function useServiceNow(): { now: Date; simulated: boolean } {
  const training = useAppInfo().data?.training ?? false;
  const simulation = useQuery({
    queryKey: reportKeys.serviceNow,
    queryFn: async (): Promise<SimulationRead> => {
      const state = await unwrap(station().training.simulationState());
      return { simulatedNow: Date.parse(state.simulated_now), readAt: Date.now() };
    },
    enabled: training,
    staleTime: 60_000,
  });
  return serviceNowOf(training, simulation.data, Date.now());
}
