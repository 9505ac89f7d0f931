import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, toast, toastError, type ButtonProps } from '../../ui';
import { SHARE_WINDOW_FEATURES, shareUrl, type SharePlatform } from './shareText';
import { embedIframeHtml } from '@mzansi/api/rules';
import { questionLink } from './sharedQuestion';
import { t } from '../../i18n';

const PLATFORMS: Array<{ platform: SharePlatform; label: string }> = [
  { platform: 'twitter', label: 'Twitter' },
  { platform: 'facebook', label: 'Facebook' },
  { platform: 'whatsapp', label: 'WhatsApp' },
];

export const COPIED_MS = 2000;

async function copyText(text: string): Promise<void> {
  if (!navigator.clipboard?.writeText) throw new Error('Clipboard unavailable');
  await navigator.clipboard.writeText(text);
}

/**
 * The share text, Twitter / Facebook / WhatsApp (600x400 windows) and 'Copy to Clipboard'; for a question, also
 * 'Copy embed code' (its iframe for a news site's page, as oEmbed gives it).
 */
export function SharePanel({ text, url = window.location.origin, embed }: { text: string; url?: string; embed?: { questionId: string; title: string } }) {
  const [copied, setCopied] = useState<'text' | 'embed' | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const onCopy = async (what: 'text' | 'embed') => {
    try {
      await copyText(what === 'embed' && embed ? embedIframeHtml(window.location.origin, embed.questionId, embed.title) : text);
      setCopied(what);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(null), COPIED_MS);
      toast({ title: t('results.copied'), description: what === 'embed' ? t('results.embedCopiedText') : t('results.copiedText') });
    } catch {
      toastError(t('results.copyFailedText'), t('results.copyFailed'));
    }
  };

  return (
    <div className="share-panel">
      <p className="share-panel__text">{text}</p>
      <div className="share-panel__buttons">
        {PLATFORMS.map(({ platform, label }) => (
          <Button
            key={platform}
            variant="outline"
            size="sm"
            className={`share-btn share-btn--${platform}`}
            onClick={() => window.open(shareUrl(platform, text, url), '_blank', SHARE_WINDOW_FEATURES)}
          >
            {label}
          </Button>
        ))}
      </div>
      <Button block onClick={() => void onCopy('text')} aria-live="polite">
        {copied === 'text' ? t('results.copiedButton') : t('results.copy')}
      </Button>
      {embed && (
        <Button block variant="outline" onClick={() => void onCopy('embed')} aria-live="polite">
          {copied === 'embed' ? t('results.copiedButton') : t('results.copyEmbed')}
        </Button>
      )}
    </div>
  );
}

/** A share button that opens the share panel in a dialog. */
export function ShareButton({
  text,
  title = t('results.share'),
  label = t('results.shareButton'),
  questionId,
  questionText,
  variant = 'outline',
  size = 'sm',
  block,
  className,
  onOpenChange,
}: {
  text: string;
  title?: string;
  label?: string;
  /** The question shared: the link is its own page (/q/{id}, with a preview card), else the site. */
  questionId?: string;
  /** The shared question's text: with it the panel offers its embed code too. */
  questionText?: string;
  /** Told when the share dialog opens or closes. */
  onOpenChange?: (open: boolean) => void;
} & Pick<ButtonProps, 'variant' | 'size' | 'block' | 'className'>) {
  const [open, setOpenState] = useState(false);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  return (
    <>
      <Button variant={variant} size={size} block={block} className={className} onClick={() => setOpen(true)}>
        {label}
      </Button>
      <Dialog open={open} onOpenChange={setOpen} title={title}>
        <SharePanel text={text} url={questionId ? questionLink(questionId) : undefined} embed={questionId && questionText ? { questionId, title: questionText } : undefined} />
      </Dialog>
    </>
  );
}
