/**
 * A short lecture as a student would upload it (plain text, a few sections with definitions), for the pipeline's
 * tests: long enough for an engine to make every artefact from, small enough to be read in a moment.
 */
export const lectureText = `Cell Biology: The Basics

The Cell

A cell is the smallest unit of life that can replicate independently. All living organisms are made of one or more cells. The cell theory states that every cell arises from an existing cell by division. Prokaryotic cells, such as bacteria, have no nucleus. Eukaryotic cells, such as plant and animal cells, keep their DNA inside a nucleus.

The cell membrane is a thin double layer of lipids that surrounds every cell. It controls which substances enter and leave the cell. Proteins embedded in the membrane act as channels, pumps and receptors.

Organelles

An organelle is a specialised structure inside a cell that performs a specific function. The nucleus is the organelle that stores the genetic information of the cell. Mitochondria are the organelles that produce most of the cell's energy in the form of ATP. Ribosomes are small structures that build proteins from amino acids. The endoplasmic reticulum is a network of membranes that folds and transports proteins. The Golgi apparatus modifies, sorts and packages proteins for secretion. Lysosomes are vesicles that digest waste material and worn-out organelles.

Plant cells also contain chloroplasts. A chloroplast is the organelle where photosynthesis takes place. Plant cells have a rigid cell wall made of cellulose, which gives the plant its shape. A large central vacuole stores water and keeps the cell firm.

Photosynthesis

Photosynthesis is the process by which plants turn light energy into chemical energy. Chlorophyll is the green pigment that absorbs light in the chloroplasts. During the light reactions, water is split and oxygen is released. The Calvin cycle is the set of reactions that fixes carbon dioxide into sugar. Glucose made by photosynthesis is used for energy and for building cellulose.

Cellular Respiration

Cellular respiration is the process by which cells break down glucose to release energy. Glycolysis is the first stage of respiration and takes place in the cytoplasm. The Krebs cycle is a series of reactions in the mitochondria that releases carbon dioxide. The electron transport chain produces most of the ATP of respiration. Fermentation is a way to make ATP without oxygen, producing lactic acid or ethanol.

Cell Division

Mitosis is the division of a nucleus into two identical nuclei. It has four phases: prophase, metaphase, anaphase and telophase. Cytokinesis is the division of the cytoplasm that follows mitosis. Meiosis is a special division that produces four sex cells with half the number of chromosomes. DNA replication copies the genetic material before a cell divides.
`;
