// The sample plant interface (spec §4, last table): list, add (POSTing the new plant to the plant webhook), delete.
import { isAllowedWebhookUrl } from '../../../contract/service/notifications.ts';
import type { plantsOperations } from '../../../contract/service/plants.ts';
import { enqueueDelivery } from '../../delivery/emit.ts';
import type { ServiceDeps } from '../../deps/service-deps.ts';
import { badRequest } from '../../http/errors.ts';
import type { Handlers } from '../../http/handler.ts';
import { deletePlant, insertPlant, listPlants, plantById, plantView } from './plants-repository.ts';

/** Ids a path can name again (`/plants/{id}` takes up to 15 digits), so every plant added can be deleted. */
const MAX_PLANT_ID = 999_999_999_999_999;

export function plantsHandlers(deps: ServiceDeps): Handlers<{ plants: typeof plantsOperations }>['plants'] {
  const webhookUrl = deps.options.plantWebhookUrl;
  if (webhookUrl !== undefined && !isAllowedWebhookUrl(webhookUrl)) {
    throw new Error('plantWebhookUrl must be https (http only on 127.0.0.1, localhost or [::1]), with no credentials');
  }
  return {
    list({ db, query }) {
      return listPlants(db, query.limit).map(plantView);
    },
    create({ db, body, now }) {
      // The spec's only refusal is 400, so a duplicate id is a 400 too.
      if (body.id < 0 || body.id > MAX_PLANT_ID)
        throw badRequest(`id must be a whole number from 0 to ${MAX_PLANT_ID}.`);
      if (plantById(db, body.id)) throw badRequest(`A plant with id ${body.id} already exists.`);
      const row = insertPlant(db, body, now);
      const added = { id: row.id, name: row.name, ...(row.tag === null ? {} : { tag: row.tag }) };
      // The NewPlant goes to the plant webhook from the delivery worker, after this transaction commits.
      if (webhookUrl !== undefined)
        enqueueDelivery(db, { url: webhookUrl, eventCode: 'plant.added', body: added, now });
      return plantView(row);
    },
    delete({ db, params }) {
      // Decision: an unknown id is the spec's 400 (the interface declares no 404).
      if (!deletePlant(db, params.id)) throw badRequest(`No plant with id ${params.id}.`);
      return undefined;
    },
  };
}
