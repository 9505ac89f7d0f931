/** Profile page Settings tab: notification preferences and logout (spec §2). Work in progress. */
export function ProfileSettings() {
  return <div className="profile-settings" />;
}
