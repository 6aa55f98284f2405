/**
 * Just enough MIME reading for the tests to check what a customer would see in an e-mail:
 * headers (with encoded words), and the decoded text/plain and text/html parts.
 */
export type ReadMail = { headers: Record<string, string>; text: string; html: string };

const decodeQuotedPrintable = (body: string) => {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
};

const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?([QB])\?([^?]*)\?=\s*/gi, (_m, enc: string, text: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const at = line.indexOf(':');
    if (at > 0) headers[line.slice(0, at).trim().toLowerCase()] = decodeWords(line.slice(at + 1).trim());
  }
  return headers;
}

const split = (raw: string) => {
  const at = raw.search(/\r?\n\r?\n/);
  return { head: raw.slice(0, at), body: raw.slice(at).replace(/^\r?\n\r?\n/, '') };
};

export function readMail(raw: string): ReadMail {
  const { head, body } = split(raw);
  const headers = parseHeaders(head);
  const result: ReadMail = { headers, text: '', html: '' };
  const visit = (partHeaders: Record<string, string>, partBody: string) => {
    const type = partHeaders['content-type'] ?? 'text/plain';
    const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
    if (boundary) {
      for (const chunk of partBody.split(`--${boundary}`).slice(1)) {
        if (chunk.startsWith('--')) break;
        const part = split(chunk.replace(/^\r?\n/, ''));
        visit(parseHeaders(part.head), part.body);
      }
      return;
    }
    const encoding = (partHeaders['content-transfer-encoding'] ?? '').toLowerCase();
    const decoded =
      encoding === 'quoted-printable'
        ? decodeQuotedPrintable(partBody)
        : encoding === 'base64'
          ? Buffer.from(partBody, 'base64').toString('utf8')
          : partBody;
    if (type.startsWith('text/html')) result.html = decoded;
    else if (type.startsWith('text/plain')) result.text = decoded;
  };
  visit(headers, body);
  return result;
}
