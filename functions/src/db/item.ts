/** Drops the table's key attributes, leaving the entity's own fields. */
export function fromItem<T>(item: Record<string, unknown>): T {
  const {
    PK: _pk,
    SK: _sk,
    GSI1PK: _g1,
    GSI1SK: _g1s,
    GSI2PK: _g2,
    GSI2SK: _g2s,
    entity: _e,
    ...rest
  } = item;
  return rest as T;
}
