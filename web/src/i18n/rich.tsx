import { Fragment, type ReactNode } from 'react';

const TAG = /<(strong|em)>(.*?)<\/\1>/g;

/**
 * A translated message with emphasis: `<strong>…</strong>` and `<em>…</em>` (not nested) become elements, the rest
 * stays text. Only these two tags, and never HTML: the message is split, never parsed as markup.
 */
export function richText(message: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of message.matchAll(TAG)) {
    if (match.index > last) out.push(message.slice(last, match.index));
    const Tag = match[1] as 'strong' | 'em';
    out.push(<Tag key={match.index}>{match[2]}</Tag>);
    last = match.index + match[0].length;
  }
  if (last < message.length) out.push(message.slice(last));
  return out.map((part, i) => (typeof part === 'string' ? <Fragment key={`t${i}`}>{part}</Fragment> : part));
}
