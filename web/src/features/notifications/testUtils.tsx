import type { ReactNode } from 'react';
import { renderSignedIn } from '../../test/render';
import type { User } from '../auth/types';
import { makeUser } from '../../test/fixtures';

export const testUser: User = makeUser({
  id: '7a1c2b3d-0000-4000-8000-000000000001',
  username: 'thandi',
  name: 'Thandi M',
  email: 'thandi@example.co.za',
  phoneNumber: '+27821234567',
  joinDate: '2025-01-01T00:00:00Z',
  isAdmin: false,
  emailNotifications: true,
  browserNotifications: false,
  whatsappNotifications: false,
});

/** Renders with a signed-in user (or none), a fresh query client and the toaster. */
export function renderWithUser(ui: ReactNode, user: User | null = testUser) {
  const { client: queryClient, ...result } = renderSignedIn(ui, { user });
  return { ...result, queryClient };
}
