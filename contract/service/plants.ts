// The sample plant-store interface of spec §4: its own paths (no /api/v1), a bare array list, and its webhook body.
import { z } from 'zod';
import { maybe } from './common.ts';
import { defineOperation } from './operation.ts';

const INT32_MAX = 2_147_483_647;

/** A Plant as answered. It has no id: only a NewPlant carries one. */
export const plant = z.looseObject({
  name: z.string(),
  tag: maybe(z.string()),
});
export type Plant = z.infer<typeof plant>;

/** A NewPlant: a Plant plus its int64 id (held as a safe JavaScript integer). */
export const newPlant = z.strictObject({
  name: z.string().trim().min(1).max(200),
  tag: z.string().max(200).optional(),
  id: z.number().int(),
});
export type NewPlant = z.input<typeof newPlant>;

/** The body POSTed to a /plant/webhook receiver when a plant is added. */
export const plantWebhookBody = newPlant;

/** The plant interface's error answer (spec §7.1), with status 400. */
export const plantError = z.looseObject({
  error: z.number().int(),
  message: z.string(),
});
export type PlantError = z.infer<typeof plantError>;

/** A plant id in the path: a number from typed callers, digits from a URL (kept within safe integers). */
export const plantId = z.union([
  z.number().int(),
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
]);

export const plantsOperations = {
  list: defineOperation({
    name: 'plants.list',
    method: 'GET',
    path: '/plants',
    query: z.strictObject({
      limit: z
        .union([
          z.number().int(),
          z
            .string()
            .regex(/^\d{1,10}$/)
            .transform(Number),
        ])
        .pipe(z.number().int().min(1).max(INT32_MAX))
        .optional(),
    }),
    response: z.array(plant),
    // Not paginated: the sample interface has only `limit`.
    source: 'spec',
    summary: 'List plants, at most `limit`',
  }),
  create: defineOperation({
    name: 'plants.create',
    method: 'POST',
    path: '/plants',
    body: newPlant,
    response: plant,
    // The sample interface answers 200, not 201.
    status: 200,
    source: 'spec',
    summary: 'Add a plant',
  }),
  delete: defineOperation({
    name: 'plants.delete',
    method: 'DELETE',
    path: '/plants/{id}',
    params: z.strictObject({ id: plantId }),
    response: z.undefined(),
    status: 204,
    source: 'spec',
    summary: 'Delete a plant',
  }),
};
