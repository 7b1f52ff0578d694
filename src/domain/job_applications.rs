//! The applications of one job, by ordinal, with one ordered index over the
//! whole job and one per stage, so that list pages never scan the job; and,
//! built on the first name search, the words of the candidates' names.

use std::collections::{HashMap, HashSet};

use super::id_map::IdMap;
use std::sync::OnceLock;

use super::application_index::{BulkMember, OrderedApplications, Standing};
use super::ids::{ApplicationId, StageId};
use super::name_words::NameWords;

/// One application as a job's indexes see it, for building them in bulk.
#[derive(Clone, Debug)]
pub struct IndexedApplication {
    pub id: ApplicationId,
    pub stage_id: StageId,
    pub standing: Option<Standing>,
    pub name_key: Box<str>,
    /// The workspace's change sequence at the application's last change.
    pub change: u64,
}

#[derive(Clone, Debug, Default)]
pub struct JobApplications {
    by_ordinal: Vec<ApplicationId>,
    /// Each application's change sequence (see `Workspace::change_sequence`).
    change_by_ordinal: Vec<u64>,
    /// The largest of `change_by_ordinal`: the version of the job's
    /// applications as a whole.
    latest_change: u64,
    /// Each application's change sequence when its place in the score
    /// orders last moved: when it was added, or rescored. A walk in those
    /// orders is pinned against these, not `change_by_ordinal`, so that a
    /// tag or a comment, which moves nothing there, neither leaves the
    /// application out of a walk nor moves the pin of every page's cursor.
    /// Built from `change_by_ordinal` in bulk, which is never lower.
    standing_change_by_ordinal: Vec<u64>,
    /// The largest of `standing_change_by_ordinal`.
    latest_standing_change: u64,
    /// Pipelines of the job marked running in this process. Running is not
    /// an event and moves no sequence, yet lists show it, so a page's
    /// version counts it too.
    running_marks: u64,
    all: OrderedApplications,
    by_stage: IdMap<StageId, OrderedApplications>,
    /// Email keys (see `email_key`) of every application, for refusing a
    /// second application from one address. Built on first use, so that
    /// recovery does not pay for jobs nobody applies to, and kept up to
    /// date by `add` from then on.
    emails: OnceLock<HashSet<Box<str>>>,
    /// The distinct words of the candidate names (`name_words`). Built on
    /// the first name search and kept up to date by `add`, so jobs nobody
    /// searches cost nothing.
    name_words: OnceLock<NameWords>,
}

/// How emails compare when deciding whether one address applied twice:
/// trimmed, and case-insensitive (no provider treats case as significant).
pub fn email_key(email: &str) -> Box<str> {
    email.trim().to_lowercase().into_boxed_str()
}

impl JobApplications {
    /// Builds the indexes of a job's applications given in ordinal order
    /// (0, 1, 2…), each with its stage, score and name key, in bulk (see
    /// `OrderedApplications::from_ascending`).
    pub fn from_ordered(applications: Vec<IndexedApplication>) -> Self {
        let mut by_ordinal = Vec::with_capacity(applications.len());
        let mut change_by_ordinal = Vec::with_capacity(applications.len());
        let mut all = Vec::with_capacity(applications.len());
        let mut by_stage: HashMap<StageId, Vec<BulkMember>> = HashMap::new();
        for (ordinal, IndexedApplication { id, stage_id, standing, name_key, change }) in
            applications.into_iter().enumerate()
        {
            let ordinal = u32::try_from(ordinal).expect("applications per job are bounded far below u32::MAX");
            by_ordinal.push(id);
            change_by_ordinal.push(change);
            by_stage.entry(stage_id).or_default().push((ordinal, standing, name_key.clone(), change));
            all.push((ordinal, standing, name_key, change));
        }
        let latest_change = change_by_ordinal.iter().copied().max().unwrap_or(0);
        Self {
            latest_change,
            // A snapshot does not keep when each place last moved; the last
            // change is an upper bound, so a walk leaves out no more than
            // it did before the standing sequences existed.
            standing_change_by_ordinal: change_by_ordinal.clone(),
            latest_standing_change: latest_change,
            change_by_ordinal,
            running_marks: 0,
            emails: OnceLock::new(),
            name_words: OnceLock::new(),
            by_ordinal,
            all: OrderedApplications::from_ascending(all),
            by_stage: by_stage
                .into_iter()
                .map(|(stage_id, members)| (stage_id, OrderedApplications::from_ascending(members)))
                .collect(),
        }
    }

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

    /// Whether an application of this job has `email`; `emails_of_all` lists
    /// every application's email, and is called only the first time.
    pub fn has_email<'a>(&self, email: &str, emails_of_all: impl FnOnce() -> Vec<&'a str>) -> bool {
        let emails = self.emails.get_or_init(|| emails_of_all().into_iter().map(email_key).collect());
        emails.contains(&email_key(email))
    }

    /// Records the email of an application just added.
    pub fn note_email(&mut self, email: &str) {
        if let Some(emails) = self.emails.get_mut() {
            emails.insert(email_key(email));
        }
    }

    /// Ordinals (ascending, distinct) whose name key may contain `needle`
    /// (lower-cased): every one whose name key does contain it, and maybe
    /// others, which the caller checks. A name that contains the needle has
    /// each of the needle's whitespace-separated parts inside one of its
    /// words. `name_keys_of_all` lists every application's name key in
    /// ordinal order, and is called only the first time.
    pub fn ordinals_whose_name_may_contain(
        &self,
        needle: &str,
        name_keys_of_all: impl FnOnce() -> Vec<String>,
    ) -> Vec<u32> {
        let words = self.name_words.get_or_init(|| {
            let mut words = NameWords::default();
            for (ordinal, name_key) in name_keys_of_all().iter().enumerate() {
                words.add(
                    u32::try_from(ordinal).expect("applications per job are bounded far below u32::MAX"),
                    name_key,
                );
            }
            words
        });
        let mut candidates: Option<Vec<u32>> = None;
        for part in needle.split_whitespace() {
            let with_part = words.ordinals_with_a_word_containing(part);
            candidates = Some(match candidates {
                None => with_part,
                Some(previous) => intersect_ascending(&previous, &with_part),
            });
        }
        candidates.unwrap_or_else(|| (0..self.next_ordinal()).collect())
    }

    pub fn add(
        &mut self,
        id: ApplicationId,
        stage_id: &StageId,
        standing: Option<Standing>,
        name_key: &str,
        change: u64,
    ) -> u32 {
        let ordinal = self.next_ordinal();
        if let Some(words) = self.name_words.get_mut() {
            words.add(ordinal, name_key);
        }
        self.by_ordinal.push(id);
        self.change_by_ordinal.push(change);
        self.latest_change = self.latest_change.max(change);
        self.standing_change_by_ordinal.push(change);
        self.latest_standing_change = self.latest_standing_change.max(change);
        self.all.insert(ordinal, standing, name_key, change);
        self.by_stage.entry(stage_id.clone()).or_default().insert(ordinal, standing, name_key, change);
        ordinal
    }

    pub fn move_stage(
        &mut self,
        ordinal: u32,
        source: &StageId,
        target: &StageId,
        standing: Option<Standing>,
        name_key: &str,
    ) {
        let change = self.change_of(ordinal);
        if let Some(source_set) = self.by_stage.get_mut(source) {
            source_set.remove(ordinal, standing, name_key, change);
        }
        self.by_stage.entry(target.clone()).or_default().insert(ordinal, standing, name_key, change);
    }

    /// Records that the application at `ordinal` (now in `stage_id`) changed
    /// at `sequence`, which is above every sequence recorded before, and
    /// whether its place in the score orders moved with that change.
    pub fn changed(&mut self, ordinal: u32, stage_id: &StageId, sequence: u64, standing_moved: bool) {
        let previous = self.change_of(ordinal);
        debug_assert!(sequence >= previous, "change sequences only grow");
        self.all.rechange(ordinal, previous, sequence);
        if let Some(stage_set) = self.by_stage.get_mut(stage_id) {
            stage_set.rechange(ordinal, previous, sequence);
        }
        self.change_by_ordinal[ordinal as usize] = sequence;
        self.latest_change = self.latest_change.max(sequence);
        if standing_moved {
            self.standing_change_by_ordinal[ordinal as usize] = sequence;
            self.latest_standing_change = self.latest_standing_change.max(sequence);
        }
    }

    /// The change sequence at which the application at `ordinal` last took
    /// its place in the score orders.
    pub fn standing_change_of(&self, ordinal: u32) -> u64 {
        self.standing_change_by_ordinal[ordinal as usize]
    }

    /// The latest of `standing_change_of` over the job: the pin of a walk
    /// in the score orders.
    pub fn latest_standing_change(&self) -> u64 {
        self.latest_standing_change
    }

    /// The change sequence of the application at `ordinal`.
    pub fn change_of(&self, ordinal: u32) -> u64 {
        self.change_by_ordinal[ordinal as usize]
    }

    /// The latest change sequence of any of the job's applications.
    pub fn latest_change(&self) -> u64 {
        self.latest_change
    }

    /// Counts a pipeline marked running (see `running_marks`).
    pub fn note_running(&mut self) {
        self.running_marks += 1;
    }

    pub fn running_marks(&self) -> u64 {
        self.running_marks
    }

    pub fn rescore(&mut self, ordinal: u32, stage_id: &StageId, previous: Option<Standing>, next: Option<Standing>) {
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

fn intersect_ascending(left: &[u32], right: &[u32]) -> Vec<u32> {
    let (mut left_position, mut right_position, mut both) = (0, 0, Vec::new());
    while left_position < left.len() && right_position < right.len() {
        match left[left_position].cmp(&right[right_position]) {
            std::cmp::Ordering::Less => left_position += 1,
            std::cmp::Ordering::Greater => right_position += 1,
            std::cmp::Ordering::Equal => {
                both.push(left[left_position]);
                left_position += 1;
                right_position += 1;
            }
        }
    }
    both
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::application_index::SortOrder;

    const EVERY_SORT_ORDER: [SortOrder; 6] = SortOrder::ALL;

    /// 500 applications over three stages (one left empty), with repeated
    /// names and scores so that every order has ties.
    fn applications() -> Vec<IndexedApplication> {
        let stages: Vec<StageId> =
            ["stage_applied", "stage_screen", "stage_offer"].iter().map(|id| StageId::parse(id).unwrap()).collect();
        (0..500u32)
            .map(|number| {
                let id = ApplicationId::parse(&format!("app_{number}")).unwrap();
                let standing =
                    (number % 7 != 0).then(|| Standing::new((number * 37 % 101) as u8, number * 11 % 5 * 12));
                let name_key = format!("candidate {}", number * 13 % 61).into_boxed_str();
                let change = u64::from(number * 7919 % 1_000);
                IndexedApplication { id, stage_id: stages[(number % 2) as usize].clone(), standing, name_key, change }
            })
            .collect()
    }

    #[test]
    fn emails_compare_trimmed_and_without_case_and_are_kept_up_to_date_once_built() {
        let mut job = JobApplications::default();
        let stage = StageId::parse("stage_applied").unwrap();
        job.add(ApplicationId::parse("app_1").unwrap(), &stage, None, "ana", 1);
        let existing = ["Ana@Example.com"];
        assert!(job.has_email(" ana@example.COM ", || existing.to_vec()));
        assert!(!job.has_email("bo@example.com", || unreachable!("built once")));
        job.note_email("Bo@Example.com");
        assert!(job.has_email("bo@example.com", || unreachable!("built once")));
    }

    #[test]
    fn built_in_bulk_each_place_in_the_score_orders_counts_as_moved_at_its_last_change() {
        let bulk = JobApplications::from_ordered(applications());
        for ordinal in 0..bulk.next_ordinal() {
            assert_eq!(bulk.standing_change_of(ordinal), bulk.change_of(ordinal));
        }
        assert_eq!(bulk.latest_standing_change(), bulk.latest_change());
        let mut job = bulk;
        let stage = StageId::parse("stage_applied").unwrap();
        let before = job.latest_standing_change();
        job.changed(0, &stage, 5_000, false);
        assert_eq!(job.standing_change_of(0), 0, "a change that moves no place keeps it");
        assert_eq!(job.latest_standing_change(), before);
        job.changed(0, &stage, 5_001, true);
        assert_eq!(job.standing_change_of(0), 5_001);
        assert_eq!(job.latest_standing_change(), 5_001);
    }

    #[test]
    fn building_in_bulk_gives_the_same_orders_as_adding_one_by_one() {
        let mut added = JobApplications::default();
        for IndexedApplication { id, stage_id, standing, name_key, change } in applications() {
            added.add(id, &stage_id, standing, &name_key, change);
        }
        let bulk = JobApplications::from_ordered(applications());
        assert_eq!(bulk.len(), added.len());
        for ordinal in 0..bulk.next_ordinal() {
            assert_eq!(bulk.id_at(ordinal), added.id_at(ordinal));
        }
        let stages = ["stage_applied", "stage_screen", "stage_offer"].map(|id| StageId::parse(id).unwrap());
        for stage_id in stages.iter().map(Some).chain([None]) {
            if let Some(stage_id) = stage_id {
                assert_eq!(bulk.count_in_stage(stage_id), added.count_in_stage(stage_id), "{stage_id}");
            }
            for sort in EVERY_SORT_ORDER {
                for min_score in [None, Some(0), Some(60)] {
                    let listed = |jobs: &JobApplications| {
                        jobs.ordered(stage_id).map(|set| set.page(sort, min_score, 0, usize::MAX))
                    };
                    assert_eq!(listed(&bulk), listed(&added), "{stage_id:?} {sort:?} {min_score:?}");
                }
            }
        }
    }
}
