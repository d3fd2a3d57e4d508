// Opening a carrier's tracking page: the station opens it in the system browser; the renderer never navigates away.
import { openExternal } from '../../queries/app.ts';

/** Opens `url`; answers why not, or null. The browser shell has no system browser to hand it to: a new tab does. */
export async function openTrackingPage(url: string): Promise<string | null> {
  const answer = await openExternal(url);
  if (!answer.ok) return answer.error.message;
  if (!answer.value.opened) window.open(url, '_blank', 'noopener,noreferrer');
  return null;
}
