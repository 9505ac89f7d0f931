import { ScreenHeader } from '../shell/ScreenHeader';
import { PRODUCT_NAME } from '../shell/Brand';

export function FriendsPage() {
  return <ScreenHeader title="Friends" subtitle={`Connect with other ${PRODUCT_NAME} users`} />;
}
