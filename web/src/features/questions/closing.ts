// Whether answering a question has closed, as the screen should show it now (PRODUCT.md: a close time after which
// answers are refused; the voting service refuses them, the screen only follows).
import { useEffect, useState } from 'react';
import { isPastClose } from '@mzansi/api/rules';
import type { Question } from '../../entities/question/types';

/** The longest one timer may wait (setTimeout's limit, ~24.8 days): a later close is checked again then. */
const MAX_TIMEOUT_MS = 2 ** 31 - 1;

/**
 * Closed: the server said so (`isClosed`), or the close time has come on this device's clock since the question was
 * read, the component rendering again at that moment. The first render takes the server's word only, as the page's
 * markup did (server rendering); the clock takes over once mounted.
 */
export function useClosed(question: Pick<Question, 'isClosed' | 'closesAt'>): boolean {
  const { closesAt } = question;
  const [byClock, setByClock] = useState(false);
  useEffect(() => {
    setByClock(false);
    if (!closesAt) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (isPastClose(closesAt, Date.now())) setByClock(true);
      else timer = setTimeout(check, Math.min(MAX_TIMEOUT_MS, Date.parse(closesAt) - Date.now()));
    };
    check();
    return () => clearTimeout(timer);
  }, [closesAt]);
  return question.isClosed === true || byClock;
}
