// The barcode operations: issue a barcode for a record, list a record's barcodes, verify a scanned value.
import type { barcodesOperations } from '../../../contract/service/barcodes.ts';
import type { Handlers } from '../../http/handler.ts';
import { paged } from '../../http/handler.ts';
import { barcodeView, issueBarcode, listBarcodes, requireEntity, verifyBarcode } from './barcodes-repository.ts';
import { barcodeImage } from './image.ts';

export function barcodesHandlers(): Handlers<{ barcodes: typeof barcodesOperations }>['barcodes'] {
  return {
    async list({ db, params, query, page }) {
      const entityId = params.entity_id.toLowerCase();
      requireEntity(db, params.entity_type, entityId);
      const { rows, total } = listBarcodes(db, params.entity_type, entityId, query.is_active, page);
      const images = query.include_images ? await Promise.all(rows.map((row) => barcodeImage(row.value))) : [];
      return paged(
        rows.map((row, i) => barcodeView(row, images[i])),
        total,
      );
    },
    create({ db, params, body, now }) {
      // Every write happens here, inside the request's transaction; only the image is drawn after it commits.
      const row = issueBarcode(db, params.entity_type, params.entity_id.toLowerCase(), body.expires_at, now);
      return barcodeImage(row.value).then((image) => barcodeView(row, image));
    },
    verify({ db, body, now }) {
      return barcodeView(verifyBarcode(db, body.barcode_value, now));
    },
  };
}
