// Text in a ZPL field, safe whatever it says. Each field is sent as `^FH_^FD…^FS` after one `^CI28` (UTF-8): every
// character outside plain printable ASCII, and `^` (a command), `~` (a control command, recognised even inside field
// data on a printer), `_` (the hex indicator) and `\` (a field block's own escape), goes as its UTF-8 bytes in `_XX`
// hex; control characters (a line break) become a space. So a patient's name can never end a field or start a command.

const SAFE = /^[A-Za-z0-9 !"#$%&'()*+,\-./:;<=>?@[\]`{|}]$/;

/** The UTF-8 bytes of one code point (no TextEncoder here: the rules room has neither Node nor the DOM). */
function utf8(codePoint: number): number[] {
  if (codePoint < 0x80) return [codePoint];
  if (codePoint < 0x800) return [0xc0 | (codePoint >> 6), 0x80 | (codePoint & 0x3f)];
  if (codePoint < 0x10000)
    return [0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 0x3f), 0x80 | (codePoint & 0x3f)];
  return [
    0xf0 | (codePoint >> 18),
    0x80 | ((codePoint >> 12) & 0x3f),
    0x80 | ((codePoint >> 6) & 0x3f),
    0x80 | (codePoint & 0x3f),
  ];
}

const hex = (byte: number) => `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** `text` as ^FH_ field data: only safe ASCII and `_XX` escapes. */
export function zplFieldData(text: string): string {
  let out = '';
  for (const character of text.normalize('NFC').replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')) {
    if (SAFE.test(character)) out += character;
    else
      out += utf8(character.codePointAt(0) ?? 0x3f)
        .map(hex)
        .join('');
  }
  return out;
}

/** The text a ^FH_ field prints, read back from its field data (for the tests, and to check a round trip). */
export function zplFieldText(data: string): string {
  const bytes: number[] = [];
  for (let at = 0; at < data.length; at++) {
    if (data[at] === '_') {
      bytes.push(Number.parseInt(data.slice(at + 1, at + 3), 16));
      at += 2;
    } else bytes.push(data.charCodeAt(at));
  }
  return decodeURIComponent(bytes.map((byte) => `%${byte.toString(16).padStart(2, '0')}`).join(''));
}
