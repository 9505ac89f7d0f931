import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui';
import { BrandMark, FlagStripe, PRODUCT_NAME } from '../shell/Brand';
import './account-settings.css';

/** The frame of every page a mail links to (signed in or not): the flag, the brand, one card with the page's words. */
export function MailLinkFrame({ title, description, children }: { title: string; description: string; children: ReactNode }) {
  return (
    <main className="mail-link">
      <FlagStripe />
      <p className="brand mail-link__brand">
        <BrandMark />
        <span className="brand__title">{PRODUCT_NAME}</span>
      </p>
      <Card className="mail-link__card">
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="stack">{children}</CardContent>
      </Card>
    </main>
  );
}
