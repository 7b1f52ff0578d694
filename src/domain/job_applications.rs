//! The applications of one job, by ordinal, with one ordered index over the
//! whole job and one per stage, so that list pages never scan the job.

use std::collections::HashMap;

use super::application_index::OrderedApplications;
use super::ids::{ApplicationId, StageId};

#[derive(Clone, Debug, Default)]
pub struct JobApplications {
    by_ordinal: Vec<ApplicationId>,
    all: OrderedApplications,
    by_stage: HashMap<StageId, OrderedApplications>,
}

impl JobApplications {
    pub fn len(&self) -> usize {
        self.by_ordinal.len()
    }

    pub fn is_empty(&self) -> bool {
        self.by_ordinal.is_empty()
    }

    pub fn next_ordinal(&self) -> u32 {
        u32::try_from(self.by_ordinal.len()).expect("applications per job are bounded far below u32::MAX")
    }

    pub fn id_at(&self, ordinal: u32) -> &ApplicationId {
        &self.by_ordinal[ordinal as usize]
    }

    pub fn add(&mut self, id: ApplicationId, stage_id: &StageId, score: Option<u8>, name_key: &str) -> u32 {
        let ordinal = self.next_ordinal();
        self.by_ordinal.push(id);
        self.all.insert(ordinal, score, name_key);
        self.by_stage.entry(stage_id.clone()).or_default().insert(ordinal, score, name_key);
        ordinal
    }

    pub fn move_stage(&mut self, ordinal: u32, source: &StageId, target: &StageId, score: Option<u8>, name_key: &str) {
        if let Some(source_set) = self.by_stage.get_mut(source) {
            source_set.remove(ordinal, score, name_key);
        }
        self.by_stage.entry(target.clone()).or_default().insert(ordinal, score, name_key);
    }

    pub fn rescore(&mut self, ordinal: u32, stage_id: &StageId, previous: Option<u8>, next: Option<u8>) {
        if previous == next {
            return;
        }
        self.all.rescore(ordinal, previous, next);
        if let Some(stage_set) = self.by_stage.get_mut(stage_id) {
            stage_set.rescore(ordinal, previous, next);
        }
    }

    /// The ordered set for the whole job, or for one stage (empty when nobody is in it).
    pub fn ordered(&self, stage_id: Option<&StageId>) -> Option<&OrderedApplications> {
        match stage_id {
            None => Some(&self.all),
            Some(stage_id) => self.by_stage.get(stage_id),
        }
    }

    pub fn count_in_stage(&self, stage_id: &StageId) -> usize {
        self.by_stage.get(stage_id).map_or(0, OrderedApplications::len)
    }
}
