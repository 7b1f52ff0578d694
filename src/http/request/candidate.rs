//! The bodies of the four /api/v1 writes that take one: the stage to move
//! to, the tag change (merge or replace) and the comment.

use serde::Deserialize;
use utoipa::ToSchema;

use crate::domain::commands::{at_most, TagsChange};
use crate::domain::error::{invalid, DomainResult, InField};
use crate::domain::limits::{COMMENT_LENGTH_MAX, TAG_CHANGES_PER_REQUEST_MAX};
use crate::domain::tag::{hex_color, tag_name, Tag};
use crate::domain::text::{bounded_text, is_blank};

/// The stage to move to: `stage`, or its alias `stageId` (both only when they agree).
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"stage": "stg_3kd9Qm2LxVb7Tn4Pw8Zc"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct StageBody {
    /// A stage ID of the application's job.
    #[schema(required = true, nullable = false, min_length = 1, example = "stg_3kd9Qm2LxVb7Tn4Pw8Zc")]
    stage: Option<String>,
    /// The same, under the name some clients use.
    #[schema(min_length = 1)]
    stage_id: Option<String>,
}

impl StageBody {
    /// The stage asked for: `stage`, or its alias `stageId`; both only when they agree.
    pub fn into_stage(self) -> DomainResult<String> {
        let stage = match self {
            StageBody { stage: Some(stage), stage_id: Some(alias) } if stage.trim() != alias.trim() => {
                return invalid(format!(
                    "`stage` {stage:?} and its alias `stageId` {alias:?} disagree; send one of them"
                ))
            }
            StageBody { stage, stage_id } => stage.or(stage_id),
        };
        match stage.as_deref().map(str::trim) {
            Some(stage) if !stage.is_empty() => Ok(stage.to_owned()),
            _ => invalid("`stage` (or its alias `stageId`) is required and must not be empty"),
        }
    }
}

/// A tag with its colour (form B).
#[derive(Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TagBody {
    #[schema(required = true, nullable = false, min_length = 1, max_length = 50, example = "Senior")]
    name: Option<String>,
    /// `#rrggbb`.
    #[schema(required = true, nullable = false, pattern = "^#[0-9A-Fa-f]{6}$", example = "#2563eb")]
    color: Option<String>,
}

/// Form A merges: `remove` (case-insensitively), then `add` the names not
/// present yet, in `color` or the default grey. Form B replaces: `tags` is
/// the whole list, and `addToJobTags` registers tags on the job.
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"add": ["Senior", "Rust"], "remove": ["Junior"], "color": "#2563eb"}))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TagsBody {
    #[schema(max_items = 100, example = json!(["Senior", "Rust"]))]
    add: Option<Vec<String>>,
    #[schema(max_items = 100)]
    remove: Option<Vec<String>>,
    /// For the tags `add` creates: `#rrggbb`.
    #[schema(pattern = "^#[0-9A-Fa-f]{6}$")]
    color: Option<String>,
    #[schema(max_items = 100)]
    tags: Option<Vec<TagBody>>,
    #[schema(max_items = 100)]
    add_to_job_tags: Option<Vec<TagBody>>,
}

impl TagsBody {
    pub fn into_change(self) -> DomainResult<TagsChange> {
        let merge_given = self.add.is_some() || self.remove.is_some();
        match (self.tags, merge_given) {
            (Some(_), true) => invalid("send either `tags` (replace) or `add`/`remove` (merge), not both"),
            (Some(_), false) if self.color.is_some() => {
                invalid("`color` goes with the `add`/`remove` (merge) form; in the `tags` form each tag has its own")
            }
            (Some(tags), false) => Ok(TagsChange::Replace {
                tags: complete_tags("tags", tags)?,
                add_to_job_tags: complete_tags("addToJobTags", self.add_to_job_tags.unwrap_or_default())?,
            }),
            (None, true) if self.add_to_job_tags.is_some() => {
                invalid("`addToJobTags` goes with the `tags` (replace) form")
            }
            (None, true) => {
                let (add, remove) = (self.add.unwrap_or_default(), self.remove.unwrap_or_default());
                if add.len() + remove.len() > TAG_CHANGES_PER_REQUEST_MAX {
                    return invalid(format!(
                        "`add` and `remove` name at most {TAG_CHANGES_PER_REQUEST_MAX} tags together"
                    ));
                }
                Ok(TagsChange::Merge {
                    add: names("add", &add)?,
                    remove: names("remove", &remove)?,
                    color: self.color.map(|color| hex_color(&color).in_field("color")).transpose()?,
                })
            }
            (None, false) => invalid("give `tags` (replace the list) or `add`/`remove` (merge)"),
        }
    }
}

fn names(field: &str, names: &[String]) -> DomainResult<Vec<String>> {
    let item = format!("{field}[]");
    names.iter().map(|name| tag_name(name).in_field(&item)).collect()
}

/// Form B's tags: each with a name and a colour, each name once.
fn complete_tags(field: &str, bodies: Vec<TagBody>) -> DomainResult<Vec<Tag>> {
    let bodies = at_most(bodies, TAG_CHANGES_PER_REQUEST_MAX).in_field(field)?;
    let mut tags: Vec<Tag> = Vec::with_capacity(bodies.len());
    for (position, body) in bodies.into_iter().enumerate() {
        let Some(name) = body.name.as_deref() else {
            return invalid(format!("`{field}[{position}].name` is required"));
        };
        let Some(color) = body.color.as_deref() else {
            return invalid(format!("`{field}[{position}].color` is required"));
        };
        let tag = Tag {
            name: tag_name(name).in_field(&format!("{field}[{position}].name"))?,
            color: hex_color(color).in_field(&format!("{field}[{position}].color"))?,
        };
        if tags.iter().any(|existing| existing.same_name(&tag.name)) {
            return invalid(format!("`{field}` names {:?} twice (names are case-insensitive)", tag.name));
        }
        tags.push(tag);
    }
    Ok(tags)
}

/// A comment: line breaks are kept; blank text is refused.
#[derive(Deserialize, ToSchema)]
#[schema(example = json!({"text": "Strong Rust; ask about Kafka in the technical interview."}))]
#[serde(deny_unknown_fields)]
pub struct CommentBody {
    #[schema(
        required = true,
        nullable = false,
        min_length = 1,
        max_length = 10000,
        example = "Strong Rust; ask about Kafka."
    )]
    text: Option<String>,
}

impl CommentBody {
    pub fn into_text(self) -> DomainResult<String> {
        let Some(text) = self.text else {
            return invalid("`text` is required");
        };
        if is_blank(&text) {
            return invalid("`text` must not be empty (invisible characters alone count as empty)");
        }
        bounded_text(&text, COMMENT_LENGTH_MAX).in_field("text")
    }
}
