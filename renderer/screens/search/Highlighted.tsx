// A value with the query's terms marked: pieces rendered as text (React escapes them), hits in <mark>; never HTML.
import { highlight } from './highlight.ts';

export function Highlighted({
  text,
  terms,
  digits = false,
  maxLength,
}: {
  text: string;
  terms: readonly string[];
  digits?: boolean;
  maxLength?: number;
}) {
  const shown = highlight(text, terms, { digits, ...(maxLength ? { maxLength } : {}) });
  return (
    <span className="search-snippet">
      {shown.clippedStart ? '…' : null}
      {shown.pieces.map((piece, index) =>
        piece.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one value never move; the index is their identity.
          <mark key={index}>{piece.text}</mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <span key={index}>{piece.text}</span>
        ),
      )}
      {shown.clippedEnd ? '…' : null}
    </span>
  );
}
