-- An estimate that passed to a new owner with the instrument (issue 34): the current owner acquired it from an
-- earlier owner (their open record is not the first), and never set or changed the estimate themselves since
-- (no edit of theirs touching it after their record began). Such a figure is the earlier owner's: cleared.
UPDATE "instruments" AS i
SET "estimated_value" = NULL, "estimated_value_currency" = NULL
FROM "ownership_records" AS mine
WHERE i."estimated_value" IS NOT NULL
  AND mine."instrument_id" = i."id"
  AND mine."user_id" = i."current_owner_id"
  AND mine."end_date" IS NULL
  AND EXISTS (
    SELECT 1 FROM "ownership_records" AS earlier
    WHERE earlier."instrument_id" = i."id" AND earlier."id" <> mine."id"
      AND (earlier."start_date", earlier."created_at") < (mine."start_date", mine."created_at")
  )
  AND NOT EXISTS (
    SELECT 1 FROM "instrument_events" AS e, jsonb_array_elements(
      CASE WHEN jsonb_typeof(e."data"->'changes') = 'array' THEN e."data"->'changes' ELSE '[]'::jsonb END
    ) AS c
    WHERE e."instrument_id" = i."id" AND e."type" = 'edited' AND e."actor_id" = i."current_owner_id"
      AND e."created_at" >= mine."created_at"
      AND c->>'field' IN ('estimatedValue', 'estimatedValueCurrency')
  );
