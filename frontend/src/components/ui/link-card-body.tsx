import { Icon, type IconName } from './icon';

/** Inside of a card that is one link (`<Link className="card link-card">`): icon, title, line, chevron. */
export function LinkCardBody({ icon, title, text }: { icon: IconName; title: string; text: string }) {
  return (
    <>
      <span className="link-card__icon">
        <Icon name={icon} size={22} />
      </span>
      <span className="link-card__body">
        <strong>{title}</strong>
        <small>{text}</small>
      </span>
      <Icon name="next" size={18} />
    </>
  );
}
