// The training service's controls through the station: the simulation (clock, speed, pause, step) and the demo data
// reset. Admin only at the service; a refusal comes back with the service's words.
import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SimulationState,
  SimulationStepBody,
  SimulationUpdateBody,
  TrainingResetBody,
} from '../../contract/service/training.ts';
import { useTimedRefresh } from '../attendance/attendance-store.ts';
import { refreshLogs } from './notifications.ts';
import { station, unwrap } from './station.ts';

export const trainingKeys = {
  simulation: ['training', 'simulation'] as const,
};

/** Read again now and then: the clock is drawn locally between reads, so this only corrects the drift. */
const SIMULATION_REFRESH_MS = 15_000;

export function useSimulationState() {
  const refetchInterval = useTimedRefresh(SIMULATION_REFRESH_MS);
  return useQuery({
    queryKey: trainingKeys.simulation,
    queryFn: () => unwrap(station().training.simulationState()),
    refetchInterval,
  });
}

/**
 * Everything read from the service may have changed (orders moved, or every record rebuilt): read it again, except
 * the station's own state, its event memory and the notification settings.
 */
function refreshRecords(queryClient: QueryClient): Promise<void> {
  const kept = new Set(['app', 'session', 'events', 'training', 'notifications']);
  return queryClient.invalidateQueries({ predicate: (query) => !kept.has(String(query.queryKey[0])) });
}

export function useUpdateSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulationUpdateBody) => unwrap(station().training.simulation({ body })),
    onSuccess: (state: SimulationState) => queryClient.setQueryData(trainingKeys.simulation, state),
  });
}

export function useStepSimulation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SimulationStepBody) => unwrap(station().training.step(body === undefined ? {} : { body })),
    onSuccess: async (result) => {
      queryClient.setQueryData(trainingKeys.simulation, result.state);
      await Promise.all([refreshLogs(queryClient), refreshRecords(queryClient)]);
    },
  });
}

export function useResetTraining() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TrainingResetBody) => unwrap(station().training.reset(body === undefined ? {} : { body })),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: trainingKeys.simulation }),
        refreshLogs(queryClient),
        refreshRecords(queryClient),
      ]);
    },
  });
}
