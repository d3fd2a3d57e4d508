// Writing a record kind read in pages (patients, prescribers): the answer becomes the record's own read, and the
// list's pages are forgotten, since the record's place or row in the list may have changed.
import { type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';

export function useRecordWrite<Input, Saved extends { id: string }>(
  keys: { list: QueryKey; one(id: string): QueryKey },
  send: (input: Input) => Promise<Saved>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: (saved) => {
      queryClient.setQueryData(keys.one(saved.id), saved);
      queryClient.removeQueries({ queryKey: keys.list });
    },
  });
}
