import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { CHAT_MESSAGE_MAX, type ChatMessage } from '@golf/shared/schemas/guild';
import { formatTokyoDateTime } from '@golf/shared/game/format';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { SaveError } from '@/components/ui/save-error';
import { usePostChat } from '@/features/guild/api/guild-mutations';
import { guildChatQueryOptions, olderGuildChat } from '@/features/guild/api/guild-queries';
import { isApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';

export const Route = createFileRoute('/guild/$id/chat')({
  staticData: {
    page: {
      title: 'ギルド',
      stackType: 'static',
      parent: '/guild/$id/show',
      layout: 'chat',
      pageType: 'guild',
    },
  },
  component: GuildChatPage,
});

/**
 * Messages are text: React escapes them, and nothing here ever sets HTML. The game's posts carry its
 * label (the nickname the API gives them) and a style of their own, never a member's.
 */
function Message({ message, mine }: { message: ChatMessage; mine: boolean }) {
  return (
    <li
      className="chat-message"
      data-mine={mine}
      data-author={message.author}
      data-testid={message.author === 'game' ? 'chat-game-post' : 'chat-message'}
    >
      {!mine && <span className="chat-message__name">{message.nickname}</span>}
      <p className="chat-message__text">{message.message}</p>
      <time className="chat-message__time" dateTime={message.posted_at}>
        {formatTokyoDateTime(message.posted_at)}
      </time>
    </li>
  );
}

function GuildChatPage() {
  const { id } = Route.useParams();
  const me = useAuth().authUser?.['user_id'];
  const chat = useQuery(guildChatQueryOptions(id));
  const [older, setOlder] = useState<{ messages: ChatMessage[]; cursor: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const post = usePostChat(id);
  const [draft, setDraft] = useState('');
  const log = useRef<HTMLDivElement>(null);
  // Whether the log shows its newest post: a post arriving then is scrolled to, not one arriving
  // while the player reads older ones.
  const atNewest = useRef(true);
  const newest = chat.data?.messages[0];
  const newestId = newest?.message_id;
  const newestMine = newest?.author === 'member' && newest.user_id === me;
  // The log opens at the newest post, and follows a new one (always the player's own, just sent).
  // Older posts loaded above leave the newest one in place, so they scroll nothing.
  useLayoutEffect(() => {
    const element = log.current;
    if (!element || !newestId || !(atNewest.current || newestMine)) return;
    element.scrollTop = element.scrollHeight - element.clientHeight;
    atNewest.current = true;
  }, [newestId, newestMine]);

  if (chat.isError) {
    const forbidden = isApiError(chat.error) && chat.error.code === 'not_guild_member';
    return (
      <div className="page-body">
        <EmptyState
          title={forbidden ? 'このギルドのメンバーではありません' : 'チャットを読み込めませんでした'}
          icon="guild"
        >
          {forbidden
            ? 'チャットはギルドのメンバーだけが見られます。'
            : '時間をおいて、もう一度お試しください。'}
        </EmptyState>
      </div>
    );
  }

  const latest = chat.data?.messages ?? [];
  const seen = new Set(latest.map((message) => message.message_id));
  // Newest first from the API; shown oldest at the top, the newest next to the input.
  const messages = [...latest, ...(older?.messages ?? []).filter((m) => !seen.has(m.message_id))].reverse();
  const cursor = older ? older.cursor : (chat.data?.next_cursor ?? null);

  const loadOlder = async () => {
    if (!cursor) return;
    setLoadingOlder(true);
    try {
      const page = await olderGuildChat(id, cursor);
      setOlder({ messages: [...(older?.messages ?? []), ...page.messages], cursor: page.next_cursor });
    } finally {
      setLoadingOlder(false);
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const message = draft.trim();
    if (!message) return;
    post.mutate(message, { onSuccess: () => setDraft('') });
  };

  return (
    <div className="chat">
      <div
        className="chat__log"
        aria-live="polite"
        ref={log}
        onScroll={(event) => {
          const element = event.currentTarget;
          atNewest.current = element.scrollHeight - element.clientHeight - element.scrollTop < 24;
        }}
      >
        {chat.isPending ? (
          <Skeleton height={120} />
        ) : messages.length === 0 ? (
          <EmptyState title="まだメッセージはありません" icon="news">
            最初のメッセージを送ってみましょう。
          </EmptyState>
        ) : (
          <>
            {cursor && (
              <button
                type="button"
                className="button button--outline button--small chat__older"
                disabled={loadingOlder}
                onClick={() => void loadOlder()}
              >
                以前のメッセージ
              </button>
            )}
            <ol className="chat__messages">
              {messages.map((message) => (
                <Message
                  key={message.message_id}
                  message={message}
                  mine={message.author === 'member' && message.user_id === me}
                />
              ))}
            </ol>
          </>
        )}
      </div>
      <form className="chat__form" onSubmit={send}>
        <SaveError error={post.error} />
        <div className="chat__compose">
          <textarea
            className="form-control chat__input"
            aria-label="メッセージ"
            placeholder="メッセージを入力"
            maxLength={CHAT_MESSAGE_MAX}
            rows={1}
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <button type="submit" className="button button--primary" disabled={post.isPending || !draft.trim()}>
            送信
          </button>
        </div>
        <p className="chat__count">
          {draft.length} / {CHAT_MESSAGE_MAX}
        </p>
      </form>
    </div>
  );
}
