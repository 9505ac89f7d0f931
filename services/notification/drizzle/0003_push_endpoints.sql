-- Push subscriptions may only name a browser vendor's push service over https on port 443, without a user name or
-- password (the default allow-list: fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com,
-- *.notify.windows.com). Stored ones that break the rule (an internal address, plain http, another port) are removed;
-- their deliveries were never safe to make.
DELETE FROM "push_subscriptions"
WHERE "endpoint" !~* '^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|web\.push\.apple\.com|([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+notify\.windows\.com)(:443)?([/?#]|$)';
