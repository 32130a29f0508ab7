import { useOnlineStatus } from '@/lib/online-status';
import { Icon } from '../ui/icon';

export function OfflineBanner() {
  const isOnline = useOnlineStatus();
  if (isOnline) return null;
  return (
    <div className="offline-banner" role="status">
      <Icon name="offline" size={18} />
      オフラインです。通信環境をご確認ください。
    </div>
  );
}
