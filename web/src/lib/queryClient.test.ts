import { expect, test } from 'vitest';
import { createQueryClient } from './queryClient';

test('cache defaults follow spec §9', () => {
  const { queries, mutations } = createQueryClient().getDefaultOptions();
  expect(queries).toMatchObject({
    retry: false,
    refetchOnWindowFocus: false,
    refetchInterval: false,
    staleTime: Infinity,
    gcTime: 300_000,
  });
  expect(typeof queries?.queryFn).toBe('function');
  expect(mutations).toMatchObject({ retry: false });
});
