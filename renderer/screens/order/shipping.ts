// Where and how the order ships: the address as lines, carriers by name, and the tracking page of each shipment.
import type { Order, Shipment } from '../../../contract/service/orders.ts';

type Address = NonNullable<Order['address']>;

/** The address as a label prints it: street lines, then "City, ST 12345", then a country other than the US. */
export function addressLines(address: Address | null | undefined): string[] {
  if (!address) return [];
  const cityLine = [[address.city, address.state].filter(Boolean).join(', '), address.zip_code]
    .filter(Boolean)
    .join(' ');
  const country = address.country && !/^(us|usa|united states)$/i.test(address.country.trim()) ? address.country : null;
  return [address.address_1, address.address_2, cityLine, country]
    .map((line) => line?.trim())
    .filter((line): line is string => Boolean(line));
}

const carrierNames: Record<string, string> = { usps: 'USPS', ups: 'UPS', fedex: 'FedEx', dhl: 'DHL' };

export function carrierName(carrier: string | null | undefined): string | null {
  if (!carrier?.trim()) return null;
  return carrierNames[carrier.trim().toLowerCase()] ?? carrier.trim();
}

/** "usps_ground_advantage" → "Ground Advantage" (the carrier is shown beside it). */
export function serviceLevelName(level: string | null | undefined): string | null {
  if (!level?.trim()) return null;
  const words = level
    .trim()
    .toLowerCase()
    .replace(/^(usps|ups|fedex|dhl)_/, '')
    .split(/[_\s]+/)
    .filter(Boolean);
  return words.map((word) => word[0]?.toUpperCase() + word.slice(1)).join(' ') || null;
}

/** The carriers' own tracking pages, for a shipment that came with a number but no link. */
const trackingPages: Record<string, (number: string) => string> = {
  usps: (n) => `https://tools.usps.com/go/TrackConfirmAction?tLabels=${encodeURIComponent(n)}`,
  ups: (n) => `https://www.ups.com/track?tracknum=${encodeURIComponent(n)}`,
};

function isHttps(url: string): boolean {
  try {
    return new URL(url).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The page that tracks this shipment: the service's link when it is https, else the carrier's page for the number. */
export function trackingUrlOf(shipment: Pick<Shipment, 'carrier' | 'tracking_number' | 'tracking_url'>): string | null {
  const given = shipment.tracking_url?.trim();
  if (given && isHttps(given)) return given;
  const number = shipment.tracking_number?.trim();
  const page = trackingPages[shipment.carrier?.trim().toLowerCase() ?? ''];
  return number && page ? page(number) : null;
}
